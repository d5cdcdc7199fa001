#include "sim/boundary_json.hpp"

#include <cmath>

#include "sim/number_rules.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::sim {

using nlohmann::json;

namespace {

constexpr const char* kKinds = "\"wall\", \"open\", \"inflow\", \"level\" or \"transmissive\"";
const std::string kInflowHint =
    "an inflow needs a discharge: {\"type\": \"inflow\", \"discharge\": q} with q in m^2/s (m^3/s per metre of side), "
    "or a hydrograph [[t, q], ...]";
const std::string kLevelHint =
    "a level boundary needs the water level outside: {\"type\": \"level\", \"level\": z} with z the surface elevation in m, "
    "or a series [[t, z], ...]";

BoundaryKind kindOf(const JsonReader& r, const std::string& name, const std::string& path) {
    if (name == "wall") return BoundaryKind::Wall;
    if (name == "open") return BoundaryKind::Open;
    if (name == "inflow") return BoundaryKind::Inflow;
    if (name == "level") return BoundaryKind::Level;
    if (name == "transmissive") return BoundaryKind::Transmissive;
    r.fail(path, std::string("expected ") + kKinds + ", got \"" + name + "\"");
}

/// A number, or [[t, v], ...] with t >= 0 strictly increasing (at most kMaxSeriesPoints pairs).
TimeSeries readSeries(const JsonReader& r, const json& v, const std::string& path, const NumberRule& rule) {
    if (v.is_number()) return TimeSeries::constant(r.number(v, path, rule));
    if (!v.is_array() || v.empty())
        r.fail(path, "expected a number or a time series [[t, value], ...] (seconds, then the value), got " + describeJson(v));
    constexpr std::size_t kMaxSeriesPoints = 100000;
    if (v.size() > kMaxSeriesPoints) r.fail(path, "a time series holds at most " + std::to_string(kMaxSeriesPoints) + " points");
    TimeSeries s;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        const json& p = v[i];
        if (!p.is_array() || p.size() != 2) r.fail(at, "expected a pair [t, value], got " + describeJson(p));
        const double t = r.number(p[0], at + "[0]", rules::kTimeSeconds);
        const double value = r.number(p[1], at + "[1]", rule);
        if (!s.points.empty() && !(t > s.points.back().first))
            r.fail(at + "[0]", "times must increase (got " + std::to_string(t) + " s after " +
                                   std::to_string(s.points.back().first) + " s)");
        s.points.emplace_back(t, value);
    }
    return s;
}

json seriesToJson(const TimeSeries& s) {
    if (s.isConstant()) return s.points.empty() ? json(0.0) : json(s.points[0].second);
    json out = json::array();
    for (const auto& [t, v] : s.points) out.push_back(json::array({t, v}));
    return out;
}

/// One condition: a kind name or an object {"type": ..., value key, optional from / to}.
BoundarySegment readSegment(const JsonReader& r, const json& v, const std::string& path, bool ranged,
                            std::vector<std::string>& warnings) {
    BoundarySegment seg;
    if (v.is_string()) {
        seg.kind = kindOf(r, v.get<std::string>(), path);
        if (seg.kind == BoundaryKind::Inflow) r.fail(path, kInflowHint);
        if (seg.kind == BoundaryKind::Level) r.fail(path, kLevelHint);
        if (ranged) r.fail(path, "a segment is an object with \"from\", \"to\" and \"type\"");
        return seg;
    }
    if (!v.is_object())
        r.fail(path, std::string("expected ") + kKinds + " or an object {\"type\": ...}, got " + describeJson(v));
    for (const std::string& key : r.unknownKeys(v, {"type", "discharge", "level", "from", "to"}))
        warnings.push_back(r.file() + ": unknown key '" + joinPath(path, key) + "' (ignored)");
    const json* type = r.find(v, "type");
    if (!type) r.fail(path + ".type", std::string("missing (one of ") + kKinds + ")");
    seg.kind = kindOf(r, r.string(*type, path + ".type"), path + ".type");
    const json* discharge = r.find(v, "discharge");
    const json* level = r.find(v, "level");
    if (seg.kind == BoundaryKind::Inflow) {
        if (!discharge) r.fail(path, kInflowHint);
        seg.value = readSeries(r, *discharge, path + ".discharge", rules::kDischargeM2PerS);
    } else if (seg.kind == BoundaryKind::Level) {
        if (!level) r.fail(path, kLevelHint);
        seg.value = readSeries(r, *level, path + ".level", rules::kElevationM);
    }
    const char* kindName = toString(seg.kind);
    if (discharge && seg.kind != BoundaryKind::Inflow)
        warnings.push_back(r.file() + ": '" + path + ".discharge' is ignored (the type is \"" + kindName + "\", not \"inflow\")");
    if (level && seg.kind != BoundaryKind::Level)
        warnings.push_back(r.file() + ": '" + path + ".level' is ignored (the type is \"" + kindName + "\", not \"level\")");
    const json* from = r.find(v, "from");
    const json* to = r.find(v, "to");
    if (!ranged && (from || to)) r.fail(path, "\"from\" / \"to\" belong to segments: write the side as an array of segments");
    if (ranged) {
        if (!from) r.fail(path + ".from", "missing (the segment's first cell along the side)");
        seg.begin = int(r.integer(*from, path + ".from", 0, kMaxSceneSide));
        if (to) seg.end = int(r.integer(*to, path + ".to", 0, kMaxSceneSide));
    }
    return seg;
}

}  // namespace

BoundarySide readBoundarySide(const JsonReader& r, const json& v, const std::string& path, int sideCells,
                              std::vector<std::string>& warnings) {
    BoundarySide side;
    if (!v.is_array()) {
        const BoundarySegment seg = readSegment(r, v, path, false, warnings);
        if (seg.kind != BoundaryKind::Wall) side.segments.push_back(seg);
        return side;
    }
    int previousEnd = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        BoundarySegment seg = readSegment(r, v[i], at, true, warnings);
        const int end = seg.end == BoundarySegment::kSideEnd ? sideCells : seg.end;
        if (seg.begin >= end)
            r.fail(at, "covers no cells (from " + std::to_string(seg.begin) + " to " + std::to_string(end) + ")");
        if (end > sideCells)
            r.fail(at + ".to", std::to_string(end) + " is beyond the side, which has " + std::to_string(sideCells) + " cells");
        if (seg.begin < previousEnd)
            r.fail(at + ".from", "segments must be in order along the side and not overlap (this one starts at " +
                                     std::to_string(seg.begin) + ", the one before ends at " + std::to_string(previousEnd) + ")");
        previousEnd = end;
        if (seg.kind != BoundaryKind::Wall) side.segments.push_back(std::move(seg));
    }
    return side;
}

json boundarySideToJson(const BoundarySide& side) {
    auto body = [](const BoundarySegment& s) {
        json j{{"type", toString(s.kind)}};
        if (s.kind == BoundaryKind::Inflow) j["discharge"] = seriesToJson(s.value);
        if (s.kind == BoundaryKind::Level) j["level"] = seriesToJson(s.value);
        return j;
    };
    if (side.segments.empty()) return "wall";
    if (const BoundarySegment* w = side.whole()) {
        if (w->kind == BoundaryKind::Open || w->kind == BoundaryKind::Transmissive) return toString(w->kind);
        return body(*w);
    }
    json out = json::array();
    for (const BoundarySegment& s : side.segments) {
        json j = body(s);
        j["from"] = s.begin;
        if (s.end != BoundarySegment::kSideEnd) j["to"] = s.end;
        out.push_back(std::move(j));
    }
    return out;
}

json boundaryToJson(const Boundaries& b) {
    return json{{"west", boundarySideToJson(b.west)},
                {"east", boundarySideToJson(b.east)},
                {"south", boundarySideToJson(b.south)},
                {"north", boundarySideToJson(b.north)}};
}

}  // namespace sluice::sim
