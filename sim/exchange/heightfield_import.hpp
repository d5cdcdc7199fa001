#pragma once
// One entry point for every heightmap format Sluice reads, chosen by extension: .png (8/16-bit gray),
// .r16/.raw (RAW16), .exr (float), .tif/.tiff (GeoTIFF), .npy (float32). Used by scene files'
// terrain and by --heightmap / the viewer's import (sim/terrain_import.hpp).
#include <filesystem>
#include <optional>
#include <vector>

#include "gl/result.hpp"
#include "sim/exchange/georeference.hpp"

namespace sluice::sim {

/// What the caller knows. PNG needs the range; RAW16 needs range and size unless it has a sidecar.
struct HeightfieldRequest {
    std::optional<float> minM, maxM;  ///< metres of the lowest/highest level (PNG, RAW16)
    int width = 0, height = 0;        ///< the grid's size; 0: take the file's own
    bool resample = false;            ///< a file of another size is resampled (bilinear) to width x height
};

/// Heights in simulation order (y = 0 south) and what the file said about its place on the map.
struct ImportedHeightfield {
    int width = 0, height = 0;
    std::vector<float> heightsM;
    float cellSizeM = 0;                    ///< from the file (GeoTIFF pixel, RAW16 sidecar, after resampling); 0: unknown
    std::optional<GeoReference> georeference;  ///< GeoTIFF only
};

/// The extensions importHeightfield accepts, for messages: ".png, .r16, .raw, .exr, .tif, .tiff or .npy".
const char* heightfieldExtensions();

/// Reads, checks (finite values; the request's size unless resampling) and resamples when asked.
/// Errors name the file and the problem.
Result<ImportedHeightfield> importHeightfield(const std::filesystem::path& file, const HeightfieldRequest& request);

}  // namespace sluice::sim
