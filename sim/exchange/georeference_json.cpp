#include "sim/exchange/georeference_json.hpp"

#include <cmath>

namespace sluice::sim {

GeoReference readGeoreference(const JsonReader& r, const nlohmann::json& v, const std::string& path) {
    r.object(v, path);
    GeoReference g;
    // 32767 is GeoTIFF's "user-defined"; EPSG projected codes lie below it.
    if (const nlohmann::json* e = r.find(v, "epsg")) g.epsg = int(r.integer(*e, path + ".epsg", 0, 32766));
    const nlohmann::json* origin = r.find(v, "origin");
    if (!origin) r.fail(path + ".origin", "missing (the map easting and northing of the grid's south-west corner, metres)");
    const nlohmann::json& o = r.array(*origin, path + ".origin");
    if (o.size() != 2) r.fail(path + ".origin", "expected [east, north], got " + std::to_string(o.size()) + " numbers");
    g.originEastM = r.number(o[0], path + ".origin[0]");
    g.originNorthM = r.number(o[1], path + ".origin[1]");
    if (!std::isfinite(g.originEastM) || !std::isfinite(g.originNorthM)) r.fail(path + ".origin", "must be finite numbers");
    return g;
}

nlohmann::json georeferenceJson(const GeoReference& g) {
    return {{"epsg", g.epsg}, {"origin", {g.originEastM, g.originNorthM}}};
}

}  // namespace sluice::sim
