#include "sim/exchange/resample.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace sluice::sim {

std::vector<float> resampleBilinear(const std::vector<float>& values, int srcW, int srcH, int dstW, int dstH) {
    assert(srcW >= 1 && srcH >= 1 && dstW >= 1 && dstH >= 1);
    assert(values.size() == std::size_t(srcW) * std::size_t(srcH));
    // Destination centre (i + 0.5) / dstW of the extent lies at source coordinate ... - 0.5 in cells.
    auto axis = [](int i, int src, int dst, int& i0, int& i1, float& t) {
        const double s = std::clamp((double(i) + 0.5) * double(src) / double(dst) - 0.5, 0.0, double(src - 1));
        i0 = int(std::floor(s));
        i1 = std::min(i0 + 1, src - 1);
        t = float(s - double(i0));
    };
    std::vector<float> out(std::size_t(dstW) * std::size_t(dstH));
    for (int y = 0; y < dstH; ++y) {
        int y0, y1;
        float ty;
        axis(y, srcH, dstH, y0, y1, ty);
        for (int x = 0; x < dstW; ++x) {
            int x0, x1;
            float tx;
            axis(x, srcW, dstW, x0, x1, tx);
            auto at = [&](int xx, int yy) { return values[std::size_t(yy) * std::size_t(srcW) + std::size_t(xx)]; };
            const float south = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * tx;
            const float north = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * tx;
            out[std::size_t(y) * std::size_t(dstW) + std::size_t(x)] = south + (north - south) * ty;
        }
    }
    return out;
}

}  // namespace sluice::sim
