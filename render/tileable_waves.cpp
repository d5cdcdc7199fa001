#include "render/tileable_waves.hpp"

#include <cmath>

namespace sluice::render {

std::vector<TileWave> makeTileWaves(TileRng& rng, int count, float minCycles, float maxCycles, float falloff) {
    constexpr float kTwoPi = 6.2831853f;
    std::vector<TileWave> waves;
    while (int(waves.size()) < count) {
        const float angle = rng.next() * kTwoPi;
        const float cycles = minCycles * std::pow(maxCycles / minCycles, rng.next());
        const float kx = std::round(std::cos(angle) * cycles), ky = std::round(std::sin(angle) * cycles);
        if (kx == 0 && ky == 0) continue;
        const float k = std::sqrt(kx * kx + ky * ky);
        waves.push_back({kx, ky, std::pow(k, -falloff), rng.next() * kTwoPi});
    }
    return waves;
}

}  // namespace sluice::render
