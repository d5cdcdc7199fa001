#pragma once
// Boundaries in the scene format (docs/SCENE_FORMAT.md, "boundary"; docs/BOUNDARIES.md): reading
// them with messages that name the field, and writing them back in the same form.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/boundary.hpp"
#include "sim/json_reader.hpp"

namespace sluice::sim {

/// One side, as written: a kind name ("wall", "open", "transmissive"), an object
/// {"type": "inflow", "discharge": D} / {"type": "level", "level": L} (D, L a number or a time series
/// [[t, v], ...]), or an array of segments, each such an object with "from" / "to" (cells along the
/// side; to may be omitted: the side's end). `sideCells` is the side's length in cells; problems
/// throw through `reader` (JsonFailure) naming `path`; `warn` collects ignored keys.
BoundarySide readBoundarySide(const JsonReader& reader, const nlohmann::json& v, const std::string& path, int sideCells,
                              std::vector<std::string>& warnings);

/// The side in the shortest form readBoundarySide reads back to the same side.
nlohmann::json boundarySideToJson(const BoundarySide& side);
nlohmann::json boundaryToJson(const Boundaries& b);

}  // namespace sluice::sim
