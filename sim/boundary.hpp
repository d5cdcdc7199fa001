#pragma once
// Boundary conditions: what happens at each side of the domain, per segment of a side, with values
// that may follow a time series (a hydrograph, a tide). docs/BOUNDARIES.md describes them for users;
// shaders/sim/boundary_math.h holds what the kernels do at an edge face.
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace sluice::sim {

/// What happens at a stretch of the domain's edge.
enum class BoundaryKind : std::uint8_t {
    Wall,          ///< no flow through it
    Open,          ///< free outfall: outflow against a dry ghost cell of equal bed height; nothing enters
    Inflow,        ///< a set discharge per metre of side enters (a constant or a hydrograph)
    Level,         ///< the water level outside is set (a constant, a tide, a downstream stage): in or out
    Transmissive,  ///< the outside continues the inside (zero gradient): waves leave without reflecting much
};

/// A value over time: (t seconds, value) pairs with increasing t, linear between them and constant
/// before the first and after the last. One pair is a constant.
struct TimeSeries {
    std::vector<std::pair<double, double>> points;

    static TimeSeries constant(double value) { return TimeSeries{{{0.0, value}}}; }
    double at(double t) const;
    bool isConstant() const { return points.size() <= 1; }
    bool operator==(const TimeSeries&) const = default;
};

/// One stretch of a side: cells [begin, end) along it (y on the west and east sides, x on the south
/// and north). `value` is the discharge per metre of side (m^2/s) for Inflow, the water-surface
/// elevation (m) for Level, unused otherwise.
struct BoundarySegment {
    static constexpr int kSideEnd = std::numeric_limits<int>::max();
    BoundaryKind kind = BoundaryKind::Wall;
    int begin = 0;
    int end = kSideEnd;  ///< kSideEnd: to the end of the side
    TimeSeries value;
    bool operator==(const BoundarySegment&) const = default;
};

/// One side: segments in order along it, not overlapping; cells no segment covers are walls.
struct BoundarySide {
    std::vector<BoundarySegment> segments;

    /// The whole side as one condition (`value` as in BoundarySegment).
    static BoundarySide of(BoundaryKind kind, double value = 0.0);
    /// The condition of the whole side when one segment covers it all (nullptr otherwise). An empty
    /// side is a wall.
    const BoundarySegment* whole() const;
    bool isWall() const;
    bool operator==(const BoundarySide&) const = default;
};

/// The four sides. West is x = 0, east x = width, south y = 0, north y = height.
struct Boundaries {
    BoundarySide west, east, south, north;

    const BoundarySide& side(int i) const { return i == 0 ? west : i == 1 ? east : i == 2 ? south : north; }
    BoundarySide& side(int i) { return i == 0 ? west : i == 1 ? east : i == 2 ? south : north; }
    bool operator==(const Boundaries&) const = default;
};

const char* toString(BoundaryKind kind);
/// "west", "east", "south", "north" for 0..3.
const char* sideName(int side);

}  // namespace sluice::sim
