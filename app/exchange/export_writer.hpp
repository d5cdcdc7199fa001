#pragma once
// Writes an export folder from a downloaded field: the CLI verb and the viewer's File > Export share
// it. All or nothing: files go into a staging folder that replaces DIR only when every one is written.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/exchange/export_request.hpp"
#include "gl/result.hpp"
#include "sim/bodies/body.hpp"
#include "sim/exchange/georeference.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

/// What the field alone does not say.
struct ExportContext {
    std::string sceneName;
    float gravityMS2 = 9.81f;                         ///< for the foam mask's Froude number
    std::optional<sim::GeoReference> georeference;    ///< the scene's; none: local metres, origin 0
    /// The bodies where the water left them (docs/BODIES.md): written as bodies.json when there are
    /// any, whatever the request (an engine places its own copies of them from it).
    std::vector<sim::PlacedBody> bodies = {};
};

/// The files written (names inside DIR, sidecars included) and notes for the user (outputs skipped).
struct ExportReport {
    std::vector<std::string> files, notes;
};

/// Writes request.outputs() for `field` into `dir` (created if missing; replaced as a whole).
/// Errors name the file that failed; nothing is left behind then.
Result<ExportReport> writeExport(const std::filesystem::path& dir, const ExportRequest& request,
                                 const sim::FieldSnapshot& field, const ExportContext& context);

}  // namespace sluice::app
