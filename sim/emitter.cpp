#include "sim/emitter.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

namespace {
bool centreInDisc(const Emitter& e, int cx, int cy) {
    const float dx = (float(cx) + 0.5f) - e.x;
    const float dy = (float(cy) + 0.5f) - e.y;
    return dx * dx + dy * dy <= e.radiusCells * e.radiusCells;
}
int clampi(int v, int lo, int hi) { return std::max(lo, std::min(v, hi)); }
}  // namespace

EmitterFootprint footprintOf(const Emitter& e, int width, int height) {
    EmitterFootprint f;
    f.x0 = clampi(int(std::floor(e.x - e.radiusCells)), 0, width);
    f.y0 = clampi(int(std::floor(e.y - e.radiusCells)), 0, height);
    f.x1 = clampi(int(std::ceil(e.x + e.radiusCells)) + 1, 0, width);
    f.y1 = clampi(int(std::ceil(e.y + e.radiusCells)) + 1, 0, height);
    for (int y = f.y0; y < f.y1; ++y)
        for (int x = f.x0; x < f.x1; ++x) f.cellCount += centreInDisc(e, x, y) ? 1 : 0;
    if (f.cellCount == 0) {
        // Tiny disc between cell centres: it acts on the single cell under its centre.
        const int cx = clampi(int(std::floor(e.x)), 0, width - 1);
        const int cy = clampi(int(std::floor(e.y)), 0, height - 1);
        f = EmitterFootprint{cx, cy, cx + 1, cy + 1, 1};
    }
    return f;
}

bool footprintContains(const Emitter& e, const EmitterFootprint& f, int cx, int cy) {
    if (cx < f.x0 || cx >= f.x1 || cy < f.y0 || cy >= f.y1) return false;
    // A single-cell fallback footprint holds its cell even though no centre is inside the radius.
    if (f.cellCount == 1 && f.x1 - f.x0 == 1 && f.y1 - f.y0 == 1) return true;
    return centreInDisc(e, cx, cy);
}

}  // namespace sluice::sim
