// GeoTIFF through libtiff + libgeotiff: the tags are written by libtiff (ModelPixelScale,
// ModelTiepoint), the GeoKeys by libgeotiff; reading maps raster corners through GTIFImageToPCS so
// every georeference form libgeotiff understands gives the same answer.
#include "sim/exchange/geotiff_file.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <geo_normalize.h>
#include <geotiffio.h>
#include <xtiffio.h>

#include "sim/atomic_file.hpp"
#include "sim/exchange/height_image.hpp"
#include "sim/exchange_libs/tiff_memory.hpp"

namespace sluice::sim {

namespace {

/// libtiff reports through global handlers; keep the last message for our error (per thread, as
/// the handler has no user pointer) instead of letting it print to stderr.
thread_local std::string t_tiffError;

void captureError(const char* module, const char* fmt, va_list ap) {
    char text[512];
    std::vsnprintf(text, sizeof text, fmt, ap);
    t_tiffError = (module ? std::string(module) + ": " : std::string()) + text;
}
void ignoreWarning(const char*, const char*, va_list) {}

void installHandlers() {
    static const bool once = [] {
        TIFFSetErrorHandler(captureError);
        TIFFSetWarningHandler(ignoreWarning);
        return true;
    }();
    (void)once;
    t_tiffError.clear();
}

std::string lastTiffError() { return t_tiffError.empty() ? std::string("libtiff error") : t_tiffError; }

/// Closes the TIFF (and its GeoKey state) on every path out.
struct TiffHandle {
    TIFF* tif = nullptr;
    GTIF* gtif = nullptr;
    ~TiffHandle() {
        if (gtif) GTIFFree(gtif);
        if (tif) XTIFFClose(tif);
    }
};

template <class T>
void convertRow(const unsigned char* src, float* dst, int width) {
    for (int x = 0; x < width; ++x) {
        T v;
        std::memcpy(&v, src + std::size_t(x) * sizeof(T), sizeof(T));
        dst[x] = float(v);
    }
}

}  // namespace

Result<void> writeGeoTiff(const std::filesystem::path& path, const float* heightsM, int width, int height,
                          double cellSizeM, const GeoReference& geo) {
    const std::string name = path.string();
    if (width <= 0 || height <= 0 || !(cellSizeM > 0))
        return Error{name + ": cannot write a " + std::to_string(width) + "x" + std::to_string(height) +
                     " GeoTIFF with cell size " + std::to_string(cellSizeM)};
    installHandlers();
    MemoryTiffFile file;
    {
        TiffHandle h;
        h.tif = openMemoryTiff(file, name.c_str());
        if (!h.tif) return Error{name + ": cannot start a TIFF: " + lastTiffError()};
        TIFF* t = h.tif;
        TIFFSetField(t, TIFFTAG_IMAGEWIDTH, std::uint32_t(width));
        TIFFSetField(t, TIFFTAG_IMAGELENGTH, std::uint32_t(height));
        TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 1);
        TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 32);
        TIFFSetField(t, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
        TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
        TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
        TIFFSetField(t, TIFFTAG_COMPRESSION, COMPRESSION_ADOBE_DEFLATE);
        TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(t, 0));
        // Raster (0, 0) is the north-west outer corner: the grid's origin plus its full height.
        const double scale[3] = {cellSizeM, cellSizeM, 0.0};
        const double tie[6] = {0, 0, 0, geo.originEastM, geo.originNorthM + double(height) * cellSizeM, 0};
        TIFFSetField(t, TIFFTAG_GEOPIXELSCALE, 3, scale);
        TIFFSetField(t, TIFFTAG_GEOTIEPOINTS, 6, tie);
        // Without a CRS no GeoKeys at all: a key directory with no model type makes GDAL invent an
        // engineering CRS (and PROJ complain); the two tags alone read as plain map metres.
        if (geo.epsg > 0) {
            h.gtif = GTIFNew(t);
            if (!h.gtif) return Error{name + ": cannot start GeoTIFF keys"};
            GTIFKeySet(h.gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelTypeProjected);
            GTIFKeySet(h.gtif, GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsArea);
            GTIFKeySet(h.gtif, ProjectedCSTypeGeoKey, TYPE_SHORT, 1, geo.epsg);
            GTIFWriteKeys(h.gtif);
        }
        const std::vector<float> rows = flipRows(heightsM, width, height);  // file row 0 = north
        for (int r = 0; r < height; ++r)
            if (TIFFWriteScanline(t, const_cast<float*>(rows.data() + std::size_t(r) * std::size_t(width)), std::uint32_t(r), 0) < 0)
                return Error{name + ": cannot encode row " + std::to_string(r) + ": " + lastTiffError()};
    }  // closing flushes the directory into `file`
    return writeFileAtomic(path, file.bytes);
}

Result<GeoRaster> readGeoTiff(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return Error{name + ": cannot open GeoTIFF file: no such file"};
    installHandlers();
    TiffHandle h;
    h.tif = XTIFFOpen(name.c_str(), "r");
    if (!h.tif) return Error{name + ": not a readable TIFF: " + lastTiffError()};
    TIFF* t = h.tif;
    std::uint32_t w = 0, hgt = 0;
    std::uint16_t spp = 1, bps = 0, format = SAMPLEFORMAT_UINT;
    TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &w);
    TIFFGetField(t, TIFFTAG_IMAGELENGTH, &hgt);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLESPERPIXEL, &spp);
    TIFFGetFieldDefaulted(t, TIFFTAG_BITSPERSAMPLE, &bps);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLEFORMAT, &format);
    if (w == 0 || hgt == 0 || std::uint64_t(w) * hgt > (1ULL << 28))
        return Error{name + ": image is " + std::to_string(w) + "x" + std::to_string(hgt) + ", expected 1..2^28 pixels"};
    if (spp != 1) return Error{name + ": has " + std::to_string(spp) + " bands, expected a single-band heightmap"};
    if (TIFFIsTiled(t)) return Error{name + ": tiled TIFF is not supported (gdal_translate -co TILED=NO makes a stripped one)"};
    const bool f32 = format == SAMPLEFORMAT_IEEEFP && bps == 32, f64 = format == SAMPLEFORMAT_IEEEFP && bps == 64;
    const bool i16 = format == SAMPLEFORMAT_INT && bps == 16, u16 = format == SAMPLEFORMAT_UINT && bps == 16;
    if (!(f32 || f64 || i16 || u16))
        return Error{name + ": samples are " + std::to_string(bps) + "-bit " +
                     (format == SAMPLEFORMAT_IEEEFP ? "float" : format == SAMPLEFORMAT_INT ? "int" : "uint") +
                     ", expected float32, float64, int16 or uint16 heights"};
    if (TIFFScanlineSize(t) != tmsize_t(w) * (bps / 8)) return Error{name + ": unexpected scanline size"};

    GeoRaster out;
    out.image.width = int(w);
    out.image.height = int(hgt);
    std::vector<float> rows(std::size_t(w) * hgt);
    std::vector<unsigned char> line(std::size_t(TIFFScanlineSize(t)));
    for (std::uint32_t r = 0; r < hgt; ++r) {
        if (TIFFReadScanline(t, line.data(), r, 0) < 0)
            return Error{name + ": truncated or corrupt data at row " + std::to_string(r) + ": " + lastTiffError()};
        float* dst = rows.data() + std::size_t(r) * w;
        if (f32) convertRow<float>(line.data(), dst, int(w));
        else if (f64) convertRow<double>(line.data(), dst, int(w));
        else if (i16) convertRow<std::int16_t>(line.data(), dst, int(w));
        else convertRow<std::uint16_t>(line.data(), dst, int(w));
    }
    out.image.heightsM = flipRows(rows.data(), int(w), int(hgt));

    h.gtif = GTIFNew(t);
    double x0 = 0, y0 = 0, x1 = 1, y1 = 0, x2 = 0, y2 = 1;
    if (h.gtif && GTIFImageToPCS(h.gtif, &x0, &y0) && GTIFImageToPCS(h.gtif, &x1, &y1) && GTIFImageToPCS(h.gtif, &x2, &y2)) {
        // One pixel east and one pixel down (south): a north-up map has no cross terms.
        const double sx = x1 - x0, sy = y0 - y2;
        if (std::abs(y1 - y0) > 1e-9 * std::abs(sx) || std::abs(x2 - x0) > 1e-9 * std::abs(sy) || !(sx > 0) || !(sy > 0))
            return Error{name + ": georeference is rotated or not north-up; warp it first (gdalwarp)"};
        unsigned short rasterType = RasterPixelIsArea;
        GTIFKeyGet(h.gtif, GTRasterTypeGeoKey, &rasterType, 0, 1);
        // PixelIsPoint ties pixel centres: the outer corner lies half a pixel further out.
        const double shift = rasterType == RasterPixelIsPoint ? 0.5 : 0.0;
        out.georeferenced = true;
        out.cellSizeXM = sx;
        out.cellSizeYM = sy;
        out.geo.originEastM = x0 - shift * sx;
        out.geo.originNorthM = y0 + shift * sy - double(hgt) * sy;
        unsigned short epsg = 0;
        if (GTIFKeyGet(h.gtif, ProjectedCSTypeGeoKey, &epsg, 0, 1) && epsg > 0 && epsg < 32767) out.geo.epsg = epsg;
    }
    return out;
}

}  // namespace sluice::sim
