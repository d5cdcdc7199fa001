#pragma once
// A libtiff client that writes into memory, so that a GeoTIFF is encoded whole and then written with
// writeFileAtomic. Private to sim/exchange_libs (it names libtiff types).
#include <cstddef>
#include <vector>

#include <tiffio.h>

namespace sluice::sim {

/// The bytes a TIFF opened with openMemoryTiff writes; must outlive the TIFF handle.
struct MemoryTiffFile {
    std::vector<std::byte> bytes;
    std::size_t pos = 0;
};

/// XTIFFClientOpen (libtiff with the GeoTIFF tags registered) over `file`, mode "w". Null on failure.
TIFF* openMemoryTiff(MemoryTiffFile& file, const char* nameForMessages);

}  // namespace sluice::sim
