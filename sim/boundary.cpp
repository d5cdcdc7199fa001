#include "sim/boundary.hpp"

#include <algorithm>

namespace sluice::sim {

double TimeSeries::at(double t) const {
    if (points.empty()) return 0.0;
    if (t <= points.front().first) return points.front().second;
    if (t >= points.back().first) return points.back().second;
    // The first point after t; the one before it is at or before t.
    const auto next = std::upper_bound(points.begin(), points.end(), t,
                                       [](double v, const std::pair<double, double>& p) { return v < p.first; });
    const auto& [t1, v1] = *next;
    const auto& [t0, v0] = *(next - 1);
    return v0 + (v1 - v0) * ((t - t0) / (t1 - t0));
}

BoundarySide BoundarySide::of(BoundaryKind kind, double value) {
    BoundarySide s;
    if (kind == BoundaryKind::Wall) return s;
    // Only inflow and level segments carry a value (so equal conditions compare equal).
    const bool valued = kind == BoundaryKind::Inflow || kind == BoundaryKind::Level;
    s.segments.push_back(BoundarySegment{kind, 0, BoundarySegment::kSideEnd, valued ? TimeSeries::constant(value) : TimeSeries{}});
    return s;
}

const BoundarySegment* BoundarySide::whole() const {
    if (segments.size() != 1 || segments[0].begin != 0 || segments[0].end != BoundarySegment::kSideEnd) return nullptr;
    return &segments[0];
}

bool BoundarySide::isWall() const {
    return std::all_of(segments.begin(), segments.end(), [](const BoundarySegment& s) { return s.kind == BoundaryKind::Wall; });
}

const char* toString(BoundaryKind kind) {
    switch (kind) {
        case BoundaryKind::Wall: return "wall";
        case BoundaryKind::Open: return "open";
        case BoundaryKind::Inflow: return "inflow";
        case BoundaryKind::Level: return "level";
        case BoundaryKind::Transmissive: return "transmissive";
    }
    return "?";
}

const char* sideName(int side) {
    static const char* const names[] = {"west", "east", "south", "north"};
    return side >= 0 && side < 4 ? names[side] : "?";
}

}  // namespace sluice::sim
