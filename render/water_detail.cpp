#include "render/water_detail.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

#include "render/tileable_waves.hpp"

namespace sluice::render {

namespace {
constexpr float kTwoPi = 6.2831853f;

int wrap(int i, int n) { return ((i % n) + n) % n; }

/// Replaces each value by its rank / (n - 1): a uniform distribution on [0, 1], order kept.
void equalise(std::vector<float>& v) {
    std::vector<std::uint32_t> order(v.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return v[a] < v[b]; });
    const float scale = 1.0f / float(std::max<std::size_t>(v.size() - 1, 1));
    for (std::size_t r = 0; r < order.size(); ++r) v[order[r]] = float(r) * scale;
}
}  // namespace

std::vector<float> makeWaterDetail(int size) {
    const std::size_t n = std::size_t(size) * std::size_t(size);
    TileRng rng(0x2545f491u);
    const std::vector<TileWave> ripples = makeTileWaves(rng, 48, 2.0f, 28.0f, 1.6f);
    const std::vector<TileWave> streaks = makeTileWaves(rng, 24, 3.0f, 20.0f, 1.0f);

    // Ripple slopes per texel (height units per texel) and their Laplacian's largest focusing value.
    std::vector<float> gx(n), gy(n), streak(n);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            float sx = 0, sy = 0, f = 0;
            for (const TileWave& w : ripples) {
                const float c = w.amplitude * std::cos(kTwoPi * (w.kx * float(x) + w.ky * float(y)) / float(size) + w.phase);
                sx += c * w.kx * kTwoPi / float(size);
                sy += c * w.ky * kTwoPi / float(size);
            }
            for (const TileWave& w : streaks) f += w.amplitude * std::sin(kTwoPi * (w.kx * float(x) + w.ky * float(y)) / float(size) + w.phase);
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            gx[i] = sx;
            gy[i] = sy;
            streak[i] = std::abs(f);
        }
    float slopeMax = 1e-9f, divMax = 1e-9f;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            slopeMax = std::max(slopeMax, std::max(std::abs(gx[i]), std::abs(gy[i])));
            const float div = 0.5f * (gx[std::size_t(y) * std::size_t(size) + std::size_t(wrap(x + 1, size))] -
                                      gx[std::size_t(y) * std::size_t(size) + std::size_t(wrap(x - 1, size))] +
                                      gy[std::size_t(wrap(y + 1, size)) * std::size_t(size) + std::size_t(x)] -
                                      gy[std::size_t(wrap(y - 1, size)) * std::size_t(size) + std::size_t(x)]);
            divMax = std::max(divMax, std::abs(div));
        }

    // Caustics: a photon from each quarter texel, bent toward the ripples' crests (refraction tilts a
    // vertical ray by (1 - 1/1.33) times the slope, up the slope: crests are converging lenses), lands
    // K * slope away and is gathered bilinearly. K sets the focal depth: the strongest curvature
    // focuses just past the bed (K * |div| = 1.4), so bright lines form under the most curved crests
    // and the rest of the bed is a little darker.
    const float k = 1.4f / divMax;
    std::vector<float> light(n, 0.0f);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            for (int s = 0; s < 4; ++s) {
                const float fx = float(x) + 0.25f + 0.5f * float(s & 1), fy = float(y) + 0.25f + 0.5f * float(s >> 1);
                const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
                const float px = fx + k * gx[i] - 0.5f, py = fy + k * gy[i] - 0.5f;
                const int x0 = int(std::floor(px)), y0 = int(std::floor(py));
                const float ax = px - float(x0), ay = py - float(y0);
                auto add = [&](int xi, int yi, float w) {
                    light[std::size_t(wrap(yi, size)) * std::size_t(size) + std::size_t(wrap(xi, size))] += w;
                };
                add(x0, y0, (1 - ax) * (1 - ay));
                add(x0 + 1, y0, ax * (1 - ay));
                add(x0, y0 + 1, (1 - ax) * ay);
                add(x0 + 1, y0 + 1, ax * ay);
            }
    // One 3 x 3 box blur against the speckle of the finite photon count; the mean stays 4 (photons
    // per texel), so light / 4 has mean 1.
    std::vector<float> blurred(n, 0.0f);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            float s = 0;
            for (int j = -1; j <= 1; ++j)
                for (int i = -1; i <= 1; ++i) s += light[std::size_t(wrap(y + j, size)) * std::size_t(size) + std::size_t(wrap(x + i, size))];
            blurred[std::size_t(y) * std::size_t(size) + std::size_t(x)] = s / 9.0f / 4.0f;
        }

    // Foam: the walls of bubble cells (Worley F2 - F1 small) over 40 wrapped points, and streaks
    // where the sine sum crosses zero; equalised so a threshold picks an exact coverage.
    std::vector<float> px(40), py(40);
    for (std::size_t i = 0; i < px.size(); ++i) {
        px[i] = rng.next() * float(size);
        py[i] = rng.next() * float(size);
    }
    float streakMax = 1e-9f;
    for (float v : streak) streakMax = std::max(streakMax, v);
    std::vector<float> foam(n);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            float f1 = 1e30f, f2 = 1e30f;
            for (std::size_t i = 0; i < px.size(); ++i) {
                float dx = std::abs(float(x) - px[i]), dy = std::abs(float(y) - py[i]);
                dx = std::min(dx, float(size) - dx);
                dy = std::min(dy, float(size) - dy);
                const float d = std::sqrt(dx * dx + dy * dy);
                if (d < f1) {
                    f2 = f1;
                    f1 = d;
                } else if (d < f2) {
                    f2 = d;
                }
            }
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            const float wall = std::exp(-(f2 - f1) / (0.04f * float(size)));
            foam[i] = 0.6f * wall + 0.4f * (1.0f - streak[i] / streakMax);
        }
    equalise(foam);

    std::vector<float> out(n * 4);
    for (std::size_t i = 0; i < n; ++i) {
        out[4 * i + 0] = -gx[i] / slopeMax;
        out[4 * i + 1] = -gy[i] / slopeMax;
        out[4 * i + 2] = foam[i];
        out[4 * i + 3] = std::min(blurred[i], 4.0f) / 4.0f;
    }
    return out;
}

gl::Texture makeWaterDetailTexture(int size) {
    const std::vector<float> texels = makeWaterDetail(size);
    const int levels = int(std::log2(double(size))) + 1;
    gl::Texture t(GL_TEXTURE_2D);
    glTextureStorage2D(t.id(), levels, GL_RGBA16F, size, size);
    glTextureSubImage2D(t.id(), 0, 0, 0, size, size, GL_RGBA, GL_FLOAT, texels.data());
    glGenerateTextureMipmap(t.id());
    glTextureParameteri(t.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTextureParameteri(t.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(t.id(), GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(t.id(), GL_TEXTURE_WRAP_T, GL_REPEAT);
    return t;
}

}  // namespace sluice::render
