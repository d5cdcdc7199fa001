#include "sim/exchange_libs/tiff_memory.hpp"

#include <cstring>

#include <xtiffio.h>

namespace sluice::sim {

namespace {

MemoryTiffFile& fileOf(thandle_t h) { return *static_cast<MemoryTiffFile*>(h); }

tmsize_t readProc(thandle_t h, void* buf, tmsize_t n) {
    MemoryTiffFile& f = fileOf(h);
    const std::size_t avail = f.pos < f.bytes.size() ? f.bytes.size() - f.pos : 0;
    const std::size_t take = std::min(avail, std::size_t(n));
    std::memcpy(buf, f.bytes.data() + f.pos, take);
    f.pos += take;
    return tmsize_t(take);
}

tmsize_t writeProc(thandle_t h, void* buf, tmsize_t n) {
    MemoryTiffFile& f = fileOf(h);
    if (f.pos + std::size_t(n) > f.bytes.size()) f.bytes.resize(f.pos + std::size_t(n));
    std::memcpy(f.bytes.data() + f.pos, buf, std::size_t(n));
    f.pos += std::size_t(n);
    return n;
}

toff_t seekProc(thandle_t h, toff_t off, int whence) {
    MemoryTiffFile& f = fileOf(h);
    const std::size_t from = whence == SEEK_CUR ? f.pos : whence == SEEK_END ? f.bytes.size() : 0;
    f.pos = from + std::size_t(off);
    return toff_t(f.pos);
}

int closeProc(thandle_t) { return 0; }
toff_t sizeProc(thandle_t h) { return toff_t(fileOf(h).bytes.size()); }
int mapProc(thandle_t, void**, toff_t*) { return 0; }
void unmapProc(thandle_t, void*, toff_t) {}

}  // namespace

TIFF* openMemoryTiff(MemoryTiffFile& file, const char* nameForMessages) {
    return XTIFFClientOpen(nameForMessages, "w", &file, readProc, writeProc, seekProc, closeProc, sizeProc, mapProc,
                           unmapProc);
}

}  // namespace sluice::sim
