#include "sim/heightmap_png.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <system_error>

#include <stb_image.h>

#include "sim/atomic_file.hpp"

// Exported by the stb_image_write implementation in stb_impl.c but not declared in its public header.
// Returns a malloc'ed zlib stream (free with std::free), or null on failure.
extern "C" unsigned char* stbi_zlib_compress(unsigned char* data, int data_len, int* out_len, int quality);

namespace sluice::sim {

namespace {

constexpr unsigned char kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

// ---- decoding ---------------------------------------------------------------------------------------

struct StbiFree {
    void operator()(void* p) const { stbi_image_free(p); }
};

Result<HeightImage> loadImpl(const std::filesystem::path& path, float minM, float maxM) {
    const std::string name = path.string();
    auto err = [&](const std::string& what) { return Error{name + ": " + what}; };
    if (!std::isfinite(minM) || !std::isfinite(maxM))
        return err("height range must be finite (got min=" + std::to_string(minM) + ", max=" + std::to_string(maxM) + ")");

    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return err("is a directory, expected a PNG file");
    std::ifstream in(path, std::ios::binary);
    if (!in) return err(std::string("cannot open: ") + std::strerror(errno));
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return err("read error");
    if (bytes.size() < sizeof(kPngSignature) || std::memcmp(bytes.data(), kPngSignature, sizeof(kPngSignature)) != 0)
        return err("not a PNG file (bad signature)");
    if (bytes.size() > std::size_t(std::numeric_limits<int>::max())) return err("file too large");
    // IHDR comes first (PNG spec 5.6): bit depth at byte 24, colour type at 25. Grayscale below 8 bits
    // has 2 to 16 levels, too few for terrain; refuse it rather than guess what the author meant.
    if (bytes.size() >= 26 && std::memcmp(bytes.data() + 12, "IHDR", 4) == 0) {
        const int bitDepth = bytes[24], colourType = bytes[25];
        if ((colourType == 0 || colourType == 4) && bitDepth != 8 && bitDepth != 16)
            return err(std::to_string(bitDepth) + "-bit grayscale PNG: heightmaps must be 8- or 16-bit grayscale");
    }

    int w = 0, h = 0, channels = 0;
    std::unique_ptr<stbi_us, StbiFree> pixels(
        stbi_load_16_from_memory(bytes.data(), int(bytes.size()), &w, &h, &channels, 0));
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        return err(std::string("cannot decode PNG: ") + (reason ? reason : "unknown error"));
    }
    if (channels != 1 && channels != 2)
        return err("expected a grayscale PNG, got " + std::to_string(channels) + " channels");
    if (w <= 0 || h <= 0) return err("image has no pixels");

    HeightImage out;
    out.width = w;
    out.height = h;
    out.heightsM.resize(std::size_t(w) * std::size_t(h));
    const double scale = (double(maxM) - double(minM)) / 65535.0;
    for (int row = 0; row < h; ++row) {
        const int y = h - 1 - row;  // top image row is the north edge
        const stbi_us* src = pixels.get() + std::size_t(row) * std::size_t(w) * std::size_t(channels);
        float* dst = out.heightsM.data() + std::size_t(y) * std::size_t(w);
        for (int x = 0; x < w; ++x) dst[x] = float(double(minM) + scale * double(src[std::size_t(x) * std::size_t(channels)]));
    }
    return out;
}

// ---- encoding ---------------------------------------------------------------------------------------

/// CRC-32 (IEEE, reflected polynomial 0xEDB88320) as required for PNG chunks.
std::uint32_t crc32(const unsigned char* data, std::size_t n, std::uint32_t crc = 0) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

/// Adler-32 checksum of the uncompressed zlib payload.
std::uint32_t adler32(const unsigned char* data, std::size_t n) {
    std::uint32_t a = 1, b = 0;
    constexpr std::uint32_t kMod = 65521;
    while (n > 0) {
        // 5552 is the largest block for which b cannot overflow 32 bits before the modulo.
        const std::size_t block = n < 5552 ? n : 5552;
        for (std::size_t i = 0; i < block; ++i) {
            a += data[i];
            b += a;
        }
        a %= kMod;
        b %= kMod;
        data += block;
        n -= block;
    }
    return (b << 16) | a;
}

void putBe32(std::vector<unsigned char>& out, std::uint32_t v) {
    out.push_back((unsigned char)(v >> 24));
    out.push_back((unsigned char)(v >> 16));
    out.push_back((unsigned char)(v >> 8));
    out.push_back((unsigned char)v);
}

/// zlib stream of `raw` using only stored (uncompressed) deflate blocks: always valid, any size.
std::vector<unsigned char> zlibStored(const std::vector<unsigned char>& raw) {
    std::vector<unsigned char> z;
    z.reserve(raw.size() + raw.size() / 65535 * 5 + 16);
    z.push_back(0x78);  // CMF: deflate, 32 KiB window
    z.push_back(0x01);  // FLG: no dictionary, check bits make 0x7801 divisible by 31
    std::size_t pos = 0;
    do {
        const std::size_t len = std::min<std::size_t>(65535, raw.size() - pos);
        const bool last = pos + len == raw.size();
        z.push_back(last ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
        z.push_back((unsigned char)(len & 0xff));
        z.push_back((unsigned char)(len >> 8));
        z.push_back((unsigned char)(~len & 0xff));
        z.push_back((unsigned char)((~len >> 8) & 0xff));
        z.insert(z.end(), raw.begin() + std::ptrdiff_t(pos), raw.begin() + std::ptrdiff_t(pos + len));
        pos += len;
    } while (pos < raw.size());
    putBe32(z, adler32(raw.data(), raw.size()));
    return z;
}

void putChunk(std::vector<unsigned char>& png, const char type[4], const unsigned char* data, std::size_t n) {
    putBe32(png, std::uint32_t(n));
    const std::size_t typeAt = png.size();
    png.insert(png.end(), type, type + 4);
    if (n) png.insert(png.end(), data, data + n);
    putBe32(png, crc32(png.data() + typeAt, n + 4));
}

}  // namespace

Result<HeightImage> loadHeightmapPng(const std::filesystem::path& path, float minM, float maxM) {
    try {
        return loadImpl(path, minM, maxM);
    } catch (const std::exception& e) {
        return Error{path.string() + ": cannot load: " + e.what()};
    }
}

std::vector<std::byte> encodeGrayPng16(const std::uint16_t* samples, int width, int height) {
    assert(samples != nullptr && width > 0 && height > 0);
    const std::size_t w = std::size_t(width), h = std::size_t(height);
    const std::size_t stride = 1 + 2 * w;  // filter byte + big-endian samples

    // Filter each row with "Sub" (type 1, byte distance 2 = one sample): smooth terrain turns into small
    // differences that deflate well.
    std::vector<unsigned char> raw(stride * h);
    for (std::size_t y = 0; y < h; ++y) {
        unsigned char* row = raw.data() + y * stride;
        row[0] = 1;
        unsigned char* px = row + 1;
        for (std::size_t x = 0; x < w; ++x) {
            const std::uint16_t v = samples[y * w + x];
            px[2 * x] = (unsigned char)(v >> 8);
            px[2 * x + 1] = (unsigned char)(v & 0xff);
        }
        for (std::size_t i = 2 * w; i-- > 2;) px[i] = (unsigned char)(px[i] - px[i - 2]);
    }

    std::vector<unsigned char> z;
    if (raw.size() <= std::size_t(std::numeric_limits<int>::max())) {
        int zlen = 0;
        unsigned char* compressed = stbi_zlib_compress(raw.data(), int(raw.size()), &zlen, 8);
        if (compressed) {
            z.assign(compressed, compressed + zlen);
            std::free(compressed);
        }
    }
    if (z.empty()) z = zlibStored(raw);  // huge image or compressor failure: stored blocks always work

    std::vector<unsigned char> png(kPngSignature, kPngSignature + sizeof(kPngSignature));
    std::vector<unsigned char> ihdr;
    putBe32(ihdr, std::uint32_t(width));
    putBe32(ihdr, std::uint32_t(height));
    ihdr.push_back(16);  // bit depth
    ihdr.push_back(0);   // color type: grayscale
    ihdr.push_back(0);   // compression: deflate
    ihdr.push_back(0);   // filter method 0
    ihdr.push_back(0);   // no interlace
    putChunk(png, "IHDR", ihdr.data(), ihdr.size());
    // IDAT chunks are limited to 2^31-1 bytes; split generously below that.
    constexpr std::size_t kMaxIdat = std::size_t(1) << 30;
    for (std::size_t pos = 0; pos < z.size(); pos += kMaxIdat)
        putChunk(png, "IDAT", z.data() + pos, std::min(kMaxIdat, z.size() - pos));
    putChunk(png, "IEND", nullptr, 0);

    std::vector<std::byte> out(png.size());
    std::memcpy(out.data(), png.data(), png.size());
    return out;
}

Result<void> writeHeightmapPng16(const std::filesystem::path& path, const float* heightsM, int width, int height,
                                 float minM, float maxM) {
    const std::string name = path.string();
    if (width <= 0 || height <= 0 || heightsM == nullptr)
        return Error{name + ": cannot write a " + std::to_string(width) + "x" + std::to_string(height) + " heightmap"};
    if (!std::isfinite(minM) || !std::isfinite(maxM) || !(maxM > minM))
        return Error{name + ": height range must be finite with max > min (got min=" + std::to_string(minM) +
                     ", max=" + std::to_string(maxM) + ")"};
    try {
        const std::size_t w = std::size_t(width), h = std::size_t(height);
        std::vector<std::uint16_t> samples(w * h);
        const double scale = 65535.0 / (double(maxM) - double(minM));
        for (std::size_t y = 0; y < h; ++y) {
            const std::size_t row = h - 1 - y;  // north (largest y) goes to the top row
            for (std::size_t x = 0; x < w; ++x) {
                const double v = (double(heightsM[y * w + x]) - double(minM)) * scale;
                const double clamped = std::isnan(v) ? 0.0 : std::min(65535.0, std::max(0.0, v));
                samples[row * w + x] = std::uint16_t(std::lround(clamped));
            }
        }
        return writeFileAtomic(path, encodeGrayPng16(samples.data(), width, height));
    } catch (const std::exception& e) {
        return Error{name + ": cannot encode PNG: " + e.what()};
    }
}

}  // namespace sluice::sim
