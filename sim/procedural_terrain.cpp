#include "sim/procedural_terrain.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>

#include "sim/terrain_noise.hpp"
#include "sim/world_terrain.hpp"

namespace sluice::sim {

namespace {

// ---- kinds ---------------------------------------------------------------------------------------------

void hills(std::vector<float>& out, int w, int h, const ProceduralTerrain& p) {
    const double amp = sanitizedAmplitude(p);
    const Fbm fbm(p, 11);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = float(amp * fbm(x + 0.5, y + 0.5));
}

void ramp(std::vector<float>& out, int w, int h, const ProceduralTerrain& p) {
    const double amp = sanitizedAmplitude(p);
    const Fbm fbm(p, 13);
    const double span = std::max(1, w - 1);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double plane = amp * double(w - 1 - x) / span;  // amp at x = 0, 0 at x = w-1
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = float(plane + 0.02 * amp * fbm(x + 0.5, y + 0.5));
        }
}

void bowl(std::vector<float>& out, int w, int h, const ProceduralTerrain& p) {
    const double amp = sanitizedAmplitude(p);
    // Twice the offset from the centre, as integers: |2x - (w-1)| is identical for x and w-1-x, so the
    // result is bit-exactly symmetric. Cells are square, so distances in cells are distances in metres.
    const double radius2 = double(std::min(w, h)) * double(std::min(w, h));  // (2 * inscribed radius)^2
    for (int y = 0; y < h; ++y) {
        const double dy = double(2 * y - (h - 1));
        for (int x = 0; x < w; ++x) {
            const double dx = double(2 * x - (w - 1));
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = float(amp * (dx * dx + dy * dy) / radius2);
        }
    }
}

void valley(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const double amp = sanitizedAmplitude(p);
    const ValleyLayout lay = valleyLayout(w, h, p);
    const Fbm fbm(p, 17);
    const double cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
    // Along-valley drop: a quarter of the relief, but never steeper than a 0.5 % grade so the river stays
    // calm (slow, subcritical flow) at any grid size.
    const double drop = std::min(0.25 * amp, 0.005 * double(h) * cell);
    const double valleyHalfWidth = std::max(1.0, 0.38 * double(w));
    const double wallRise = 0.55 * amp, hillRelief = 0.45 * amp;
    const double chw = lay.channelHalfWidthCells, cd = lay.channelDepthM, basinDepth = lay.basinDepthM;
    // The channel and basin cut below the rest; lifting by their depths keeps every height >= 0.
    const double floorOffset = cd + basinDepth;
    for (int y = 0; y < h; ++y) {
        const double py = y + 0.5;
        const double base = drop * (1.0 - py / double(h));
        const double cx = lay.channelX[std::size_t(y)];
        for (int x = 0; x < w; ++x) {
            const double px = x + 0.5;
            const double d = std::fabs(px - cx);
            // Walls and hills start at the top of the channel banks, so the channel bed is exactly
            // base - cd: its lowest cell per row falls strictly going north (no pools along the river).
            const double t = std::min(1.0, std::max(0.0, d - chw) / valleyHalfWidth);
            double z = floorOffset + base + wallRise * t * t + hillRelief * t * t * fbm(px, py);
            if (d < chw) {
                // Flat bed over the inner 60 % of the half width (at least ~3 cells across, wide enough that
                // consecutive rows overlap through the bends), then a smooth bank up to the valley floor.
                const double u = std::max(0.0, d / chw - 0.6) / 0.4;
                z -= cd * (1.0 - u * u) * (1.0 - u * u);
            }
            const double ex = (px - lay.basinX) / lay.basinRadiusXCells;
            const double ey = (py - lay.basinY) / lay.basinRadiusYCells;
            const double r2 = ex * ex + ey * ey;
            if (r2 < 1.0) z -= basinDepth * (1.0 - r2) * (1.0 - r2);  // smooth (C1) rim
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = float(std::max(0.0, z));
        }
    }
}

}  // namespace

bool isTerrainKind(std::string_view kind) {
    return std::find(kTerrainKinds.begin(), kTerrainKinds.end(), kind) != kTerrainKinds.end();
}

bool ValleyLayout::inBasin(int cx, int cy) const {
    const double ex = (cx + 0.5 - basinX) / basinRadiusXCells;
    const double ey = (cy + 0.5 - basinY) / basinRadiusYCells;
    return ex * ex + ey * ey < 1.0;
}

ValleyLayout valleyLayout(int width, int height, const ProceduralTerrain& params) {
    ValleyLayout lay;
    const int w = std::max(1, width), h = std::max(1, height);
    const double amp = sanitizedAmplitude(params);
    const std::uint32_t meanderSeed = streamSeed(params.seed, 3, 0);
    lay.channelX.resize(std::size_t(h));
    for (int y = 0; y < h; ++y) {
        // Four noise intervals along the valley: about two bends. Amplitude 12 % of the width keeps the
        // channel well away from the east/west walls and bends gentle (under ~1.5 cells of shift per row).
        const double v = (y + 0.5) / double(h);
        const double m = 2.0 * valueNoise1(v * 4.0, meanderSeed) - 1.0;
        lay.channelX[std::size_t(y)] = float(0.5 * w + 0.12 * w * m);
    }
    lay.channelHalfWidthCells = float(std::max(3.0, w / 64.0));
    lay.channelDepthM = float(0.06 * amp);
    lay.basinY = float(0.55 * h);
    lay.basinX = lay.channelX[std::size_t(std::clamp(int(lay.basinY), 0, h - 1))];
    lay.basinRadiusXCells = float(std::max(1.0, 0.20 * w));
    lay.basinRadiusYCells = float(std::max(1.0, 0.24 * h));
    lay.basinDepthM = float(0.30 * amp);
    return lay;
}

std::vector<float> generateTerrain(int width, int height, float cellSizeM, const ProceduralTerrain& params) {
    assert(width > 0 && height > 0);
    if (width <= 0 || height <= 0) return {};
    std::vector<float> out(std::size_t(width) * std::size_t(height), 0.0f);
    if (params.kind == "hills") hills(out, width, height, params);
    else if (params.kind == "valley") valley(out, width, height, cellSizeM, params);
    else if (params.kind == "ramp") ramp(out, width, height, params);
    else if (params.kind == "bowl") bowl(out, width, height, params);
    else if (isWorldKind(params.kind)) generateWorldTerrain(out, width, height, cellSizeM, params);
    else assert(!"generateTerrain: unknown terrain kind");
    return out;
}

}  // namespace sluice::sim
