#pragma once
// GeoTIFF heightmaps: one band of float32 (written; float32/64 and int16/uint16 read), image row 0 =
// the NORTH edge. The georeference is the ModelPixelScale + ModelTiepoint pair (raster point (0, 0),
// the north-west outer corner, pixel-is-area) and, when known, an EPSG projected CRS key.
// Needs SLUICE_EXCHANGE_FORMATS.
#include <filesystem>

#include "gl/result.hpp"
#include "sim/exchange/georeference.hpp"
#include "sim/heightmap_png.hpp"

namespace sluice::sim {

/// A GeoTIFF as read: heights in simulation order, the pixel size and where the grid lies.
struct GeoRaster {
    HeightImage image;
    double cellSizeXM = 0, cellSizeYM = 0;  ///< pixel size (ModelPixelScale); 0 without a georeference
    bool georeferenced = false;             ///< both ModelPixelScale and ModelTiepoint present
    GeoReference geo;                       ///< origin of the south-west outer corner, EPSG (0: none)
};

/// Writes heightsM (simulation order) as a float32 GeoTIFF with pixel size cellSizeM. Without a CRS
/// (geo.epsg == 0) the map coordinates are Sluice's own metres (origin 0 unless geo says otherwise).
/// Atomic. Errors name the file.
Result<void> writeGeoTiff(const std::filesystem::path& path, const float* heightsM, int width, int height,
                          double cellSizeM, const GeoReference& geo);

/// Reads a single-band, strip-organised GeoTIFF. Errors name the file and the problem (not a TIFF,
/// several bands, an unsupported sample type, tiled layout, rotated georeference, truncated data).
Result<GeoRaster> readGeoTiff(const std::filesystem::path& path);

}  // namespace sluice::sim
