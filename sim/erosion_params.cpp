#include "sim/erosion_params.hpp"

#include <algorithm>
#include <cmath>

#include "sim/substep_constants.hpp"

namespace sluice::sim {

ErosionConstants prepareErosion(const ErosionParams& p, float dtSub, float dx) {
    // In double, rounded once to float: both backends then multiply by the same bits.
    const double dtE = double(dtSub) * double(p.timeScale);
    const double deg = 3.14159265358979323846 / 180.0;
    ErosionConstants c;
    c.capacity = p.capacity;
    c.minSin = std::clamp(p.minSlope, 0.0f, 1.0f);
    c.thinDepthM = std::max(p.thinDepthM, 1e-6f);
    c.dissolveFactor = float(std::min(1.0, double(p.dissolve) * dtE));
    c.depositFactor = float(std::min(1.0, double(p.deposit) * dtE));
    c.slumpFactor = float(0.5 * std::min(1.0, double(p.thermalRate) * dtE));
    c.talusDryM = float(double(dx) * std::tan(double(p.talusAngleDeg) * deg));
    c.talusWetM = float(double(dx) * std::tan(double(p.wetTalusAngleDeg) * deg));
    c.softYield = 1.0f - std::clamp(p.softHardness, 0.0f, 1.0f);
    c.halfInvDx = float(0.5 / double(dx));
    c.wetUnits = int(std::min(double(kMaxDepthUnits), double(c.thinDepthM) * kDepthUnitsPerM));
    return c;
}

}  // namespace sluice::sim
