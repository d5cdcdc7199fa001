#pragma once
// What `sluice export` (and the viewer's File > Export) writes: which layers in which formats. The
// outputs are a fixed table of (layer, format, file name) pairs (docs/EXCHANGE.md); a request keeps the
// rows whose layer and format were both asked for.
#include <set>
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// One row of the export table.
struct ExportOutput {
    const char* layer;   ///< terrain, depth, surface, wet, foam, flow, splat, mesh
    const char* format;  ///< png, raw16, npy, exr, geotiff, glb
    const char* file;    ///< name in the output folder (sidecars and the water mesh follow from it)
};

/// Every output, in the order they are written.
const std::vector<ExportOutput>& exportTable();

/// Layers and formats asked for; mesh_step is the glTF decimation (every K-th vertex).
struct ExportRequest {
    std::set<std::string> layers, formats;
    int meshStep = 1;
    /// The rows of exportTable() selected.
    std::vector<ExportOutput> outputs() const;
};

/// Formats that need SLUICE_EXCHANGE_FORMATS (EXR, GeoTIFF, glTF).
bool isLibraryFormat(const std::string& format);

/// Parses comma lists (empty = all layers; all formats this build has). Errors name the option and the
/// unknown word, list the valid ones, and refuse a library format in a build without it; a request
/// that selects no output at all is an error too.
Result<ExportRequest> parseExportRequest(const std::string& what, const std::string& format, int meshStep);

}  // namespace sluice::app
