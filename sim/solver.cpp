#include "sim/solver.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

int substepsFor(float dtSeconds, float maxSpeedMPerS, float cellSizeM, float courant, int maxSubsteps) {
    if (!(maxSpeedMPerS > 0.0f) || !(dtSeconds > 0.0f)) return 1;
    const double n = std::ceil(double(dtSeconds) * double(maxSpeedMPerS) / (double(courant) * double(cellSizeM)));
    if (!(n < double(maxSubsteps))) return maxSubsteps;  // also catches inf/NaN speeds
    return std::max(1, int(n));
}

Solver::Solver(const Scene& scene)
    : params_(scene.params), boundary_(scene.boundary), sources_(scene.sources), drains_(scene.drains),
      width_(scene.width), height_(scene.height), cellSizeM_(scene.cellSizeM) {
    // Before the first step no face speed has been measured: start from the gravity-wave speed of
    // the deepest cell (flows start at rest).
    float maxDepth = 0;
    for (float d : scene.depthM) maxDepth = std::max(maxDepth, d);
    initialSpeedEstimate_ = std::sqrt(scene.params.gravity * maxDepth);
}

void Solver::step(float dtSeconds) {
    const float dt = dtSeconds > 0.0f ? dtSeconds : params_.dtSeconds;
    // The speed measured during the previous step decides this step's substeps (deterministic: the
    // same policy on both backends, one small readback per step on the GPU).
    float speed = counters_.steps == 0 ? initialSpeedEstimate_ : peekMaxSpeed();
    if (counters_.steps > 0) {
        counters_.maxCourant = std::max(counters_.maxCourant, speed * counters_.lastDtSubSeconds / cellSizeM_);
    } else {
        speed = std::max(speed, peekMaxSpeed());
    }
    const int n = substepsFor(dt, speed, cellSizeM_, params_.courantTarget, params_.maxSubsteps);
    resetMaxSpeed();
    stepFixed(dt / float(n), n);
    counters_.steps += 1;
}

void Solver::stepFixed(float dtSubSeconds, int n) {
    for (int i = 0; i < n; ++i) substep(dtSubSeconds);
    counters_.substeps += n;
    counters_.timeSeconds += double(dtSubSeconds) * n;
    counters_.lastSubsteps = n;
    counters_.lastDtSubSeconds = dtSubSeconds;
}

float Solver::lastCourant() {
    const float c = peekMaxSpeed() * counters_.lastDtSubSeconds / cellSizeM_;
    counters_.maxCourant = std::max(counters_.maxCourant, c);
    return c;
}

Ledger Solver::ledger() {
    Ledger l;
    l.volumeM3 = depthStats().volumeM3;
    l.initialVolumeM3 = initialVolumeM3_;
    addedRemoved(l.addedM3, l.removedM3);
    return l;
}

}  // namespace sluice::sim
