#include "sim/exchange/height_image.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

std::uint16_t heightToLevel16(float heightM, float minM, float maxM) {
    const double v = (double(heightM) - double(minM)) * (65535.0 / (double(maxM) - double(minM)));
    const double clamped = std::isnan(v) ? 0.0 : std::min(65535.0, std::max(0.0, v));
    return std::uint16_t(std::lround(clamped));
}

float levelToHeight16(std::uint16_t level, float minM, float maxM) {
    return float(double(minM) + (double(maxM) - double(minM)) / 65535.0 * double(level));
}

}  // namespace sluice::sim
