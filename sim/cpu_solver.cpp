#include "sim/cpu_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "sim/brush_math.hpp"

namespace sluice::sim {

namespace pipe {
using std::abs;
using std::max;
using std::min;
using std::sqrt;
#include "shaders/sim/pipe_math.h"
}  // namespace pipe

std::unique_ptr<Solver> makeCpuSolver(const Scene& scene) {
    auto solver = std::make_unique<CpuSolver>(scene);
    // A scene made from a snapshot has arrays of its own grid, so restoring cannot fail on size.
    if (scene.resume) {
        [[maybe_unused]] auto ok = solver->restoreState(*scene.resume);
        assert(ok);
    }
    return solver;
}

CpuSolver::CpuSolver(const Scene& scene)
    : Solver(scene), b_(scene.terrainM), h_(scene.depthM),
      qx_(std::size_t(width_ + 1) * std::size_t(height_), 0.0f),
      qy_(std::size_t(width_) * std::size_t(height_ + 1), 0.0f),
      k_(scene.cellCount(), 1.0f) {
    setInitialVolume(depthStats().volumeM3);
}

void CpuSolver::substep(float dtSub) {
    const SubstepConstants c = prepareSubstep(dtSub, cellSizeM_, width_, height_, params_, boundary_, sources_, drains_);
    updateFlows(c);
    updateDepths(c);
}

namespace {
// New flow of a boundary face on `side` (west, east, south, north) whose inner cell has depth hC;
// outSign as in pipeOpenFlow. Mirrors boundaryFlow() in shaders/sim/pipe_kernel_common.h.
float boundaryFlow(const SubstepConstants& c, int side, float qEff, float hC, float outSign, float& faceDepth) {
    faceDepth = 0.0f;
    if (c.boundaryKind[side] == int(BoundaryKind::Open))
        return pipe::pipeOpenFlow(qEff, hC, outSign, c.frictionFactor, c.gravityDt, c.viscosityTerm, faceDepth);
    if (c.boundaryKind[side] == int(BoundaryKind::Inflow)) return -outSign * c.inflowQ[side];
    return 0.0f;
}
}  // namespace

// Pass 1: new raw flow of every face from its effective old flow and the surfaces beside it.
void CpuSolver::updateFlows(const SubstepConstants& c) {
    const int W = width_, H = height_;
    const float g = params_.gravity, dx = cellSizeM_;
    float speed = maxSpeed_;
    auto cell = [W](int x, int y) { return std::size_t(y) * std::size_t(W) + std::size_t(x); };
    for (int y = 0; y < H; ++y) {
        for (int i = 0; i <= W; ++i) {
            float& q = qx_[std::size_t(y) * std::size_t(W + 1) + std::size_t(i)];
            float faceDepth = 0;
            if (i > 0 && i < W) {
                const std::size_t L = cell(i - 1, y), R = cell(i, y);
                q = pipe::pipeInteriorFlow(q, b_[L], h_[L], b_[R], h_[R], c.frictionFactor, c.gravityDt,
                                           c.viscosityTerm, faceDepth);
            } else {
                q = boundaryFlow(c, i == 0 ? 0 : 1, q, h_[cell(i == 0 ? 0 : W - 1, y)], i == 0 ? -1.0f : 1.0f, faceDepth);  // west, east
            }
            speed = std::max(speed, pipe::pipeFaceSpeed(q, faceDepth, dx, g));
        }
    }
    for (int j = 0; j <= H; ++j) {
        for (int x = 0; x < W; ++x) {
            float& q = qy_[std::size_t(j) * std::size_t(W) + std::size_t(x)];
            float faceDepth = 0;
            if (j > 0 && j < H) {
                const std::size_t L = cell(x, j - 1), R = cell(x, j);
                q = pipe::pipeInteriorFlow(q, b_[L], h_[L], b_[R], h_[R], c.frictionFactor, c.gravityDt,
                                           c.viscosityTerm, faceDepth);
            } else {
                q = boundaryFlow(c, j == 0 ? 2 : 3, q, h_[cell(x, j == 0 ? 0 : H - 1)], j == 0 ? -1.0f : 1.0f, faceDepth);  // south, north
            }
            speed = std::max(speed, pipe::pipeFaceSpeed(q, faceDepth, dx, g));
        }
    }
    maxSpeed_ = speed;
}

// Pass 2: outflow limits, effective flows, depths, boundary/emitter/rain/evaporation bookkeeping.
void CpuSolver::updateDepths(const SubstepConstants& c) {
    const int W = width_, H = height_;
    const std::size_t W1 = std::size_t(W) + 1;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x);
            k_[i] = pipe::pipeCellLimit(h_[i], qx_[std::size_t(y) * W1 + std::size_t(x)],
                                        qx_[std::size_t(y) * W1 + std::size_t(x) + 1], qy_[i], qy_[i + std::size_t(W)],
                                        c.dx2OverDt);
        }
    // Effective flows: each face scaled by the limit of the cell it drains (ghost cells: 1).
    for (int y = 0; y < H; ++y)
        for (int i = 0; i <= W; ++i) {
            const std::size_t row = std::size_t(y) * std::size_t(W);
            const float kLow = i > 0 ? k_[row + std::size_t(i) - 1] : 1.0f;
            const float kHigh = i < W ? k_[row + std::size_t(i)] : 1.0f;
            float& q = qx_[std::size_t(y) * W1 + std::size_t(i)];
            q = pipe::pipeEffectiveFlow(q, kLow, kHigh);
        }
    for (int j = 0; j <= H; ++j)
        for (int x = 0; x < W; ++x) {
            const float kLow = j > 0 ? k_[std::size_t(j - 1) * std::size_t(W) + std::size_t(x)] : 1.0f;
            const float kHigh = j < H ? k_[std::size_t(j) * std::size_t(W) + std::size_t(x)] : 1.0f;
            float& q = qy_[std::size_t(j) * std::size_t(W) + std::size_t(x)];
            q = pipe::pipeEffectiveFlow(q, kLow, kHigh);
        }
    double added = 0, removed = 0;  // depth units (metres summed over cells)
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x);
            const float qW = qx_[std::size_t(y) * W1 + std::size_t(x)];
            const float qE = qx_[std::size_t(y) * W1 + std::size_t(x) + 1];
            const float qS = qy_[i];
            const float qN = qy_[i + std::size_t(W)];
            float h = pipe::pipeDepthUpdate(h_[i], qW, qE, qS, qN, c.dtOverDx2);
            if (c.ledgerActive) {
                // Water crossing the domain edge, as depth of this cell.
                auto edge = [&](float qIn) {
                    const double d = double(c.dtOverDx2) * double(qIn);
                    (d > 0 ? added : removed) += std::abs(d);
                };
                if (x == 0) edge(qW);
                if (x == W - 1) edge(-qE);
                if (y == 0) edge(qS);
                if (y == H - 1) edge(-qN);
                for (const PreparedEmitter& e : c.emitters) {
                    const bool inside = x >= e.box.x0 && x < e.box.x1 && y >= e.box.y0 && y < e.box.y1 &&
                                        (e.singleCell || [&] {
                                            const float ddx = (float(x) + 0.5f) - e.x, ddy = (float(y) + 0.5f) - e.y;
                                            return ddx * ddx + ddy * ddy <= e.radius2;
                                        }());
                    if (!inside) continue;
                    const float d = pipe::pipeEmitterDelta(int(e.mode), e.sign, e.amountM, e.levelM, b_[i], h);
                    const float before = h;
                    h = h + d;
                    // Book what the float sum really changed (exact: fl(h + d) - h), not d: tiny
                    // increments on deep water round with a bias that would otherwise drift the ledger.
                    const float moved = h - before;
                    (moved > 0 ? added : removed) += std::abs(double(moved));
                }
                if (c.rainM > 0) {
                    const float before = h;
                    h = h + c.rainM;
                    added += double(h - before);
                }
                if (c.evaporationM > 0) {
                    const float before = h;
                    h = h - std::min(h, c.evaporationM);
                    removed += double(before - h);
                }
            }
            h_[i] = h;
        }
    const double dx2 = double(cellSizeM_) * double(cellSizeM_);
    addedM3_ += added * dx2;
    removedM3_ += removed * dx2;
}

void CpuSolver::applyBrush(const BrushStroke& s) {
    using namespace brushmath;
    const BrushBox box = brushBox(s.x, s.y, s.radiusCells, width_, height_);
    if (box.empty() || !(s.dtSeconds > 0.0f)) return;
    const int W = width_, H = height_;
    const int kind = int(s.kind);
    auto cell = [W](int x, int y) { return std::size_t(y) * std::size_t(W) + std::size_t(x); };

    if (kind == SLUICE_BRUSH_ADD_WATER || kind == SLUICE_BRUSH_REMOVE_WATER) {
        double added = 0, removed = 0;  // depth units (metres summed over cells)
        for (int y = box.y0; y < box.y1; ++y)
            for (int x = box.x0; x < box.x1; ++x) {
                const float w = brushWeightAt(s.radiusCells, s.falloff, brushDistance(x, y, s.x, s.y));
                if (!(w > 0.0f)) continue;
                float& h = h_[cell(x, y)];
                const float before = h;
                h = brushDepth(kind, h, brushAmount(s.strength, w, s.dtSeconds));
                // Book what the float sum really changed, as the emitters do, but subtract in
                // double: fl(h + d) - h is exact in float only for |d| <= |h|, and a brush often
                // adds more than a thin film holds; the difference of two floats is exact in double.
                const double moved = double(h) - double(before);
                (moved > 0 ? added : removed) += std::abs(moved);
            }
        const double dx2 = double(cellSizeM_) * double(cellSizeM_);
        addedM3_ += added * dx2;
        removedM3_ += removed * dx2;
        return;
    }

    // Smooth reads the bed before the stroke: copy the box with a one-cell margin (clipped).
    const int mx0 = std::max(0, box.x0 - 1), my0 = std::max(0, box.y0 - 1);
    const int mx1 = std::min(W, box.x1 + 1), my1 = std::min(H, box.y1 + 1);
    const int mw = mx1 - mx0;
    if (kind == SLUICE_BRUSH_SMOOTH) {
        brushCopy_.resize(std::size_t(mw) * std::size_t(my1 - my0));
        for (int y = my0; y < my1; ++y)
            std::copy_n(b_.begin() + std::ptrdiff_t(cell(mx0, y)), mw,
                        brushCopy_.begin() + std::ptrdiff_t(y - my0) * mw);
    }
    auto old = [&](int x, int y) { return brushCopy_[std::size_t(y - my0) * std::size_t(mw) + std::size_t(x - mx0)]; };
    for (int y = box.y0; y < box.y1; ++y)
        for (int x = box.x0; x < box.x1; ++x) {
            const float w = brushWeightAt(s.radiusCells, s.falloff, brushDistance(x, y, s.x, s.y));
            if (!(w > 0.0f)) continue;
            float mean = 0.0f;
            float b = b_[cell(x, y)];
            if (kind == SLUICE_BRUSH_SMOOTH) {
                // Same summation order as shaders/sim/brush.comp: rows bottom to top, left to right.
                float sum = 0.0f;
                int count = 0;
                for (int ny = std::max(0, y - 1); ny <= std::min(H - 1, y + 1); ++ny)
                    for (int nx = std::max(0, x - 1); nx <= std::min(W - 1, x + 1); ++nx) {
                        sum += old(nx, ny);
                        ++count;
                    }
                mean = brushMean(sum, count);
                b = old(x, y);
            }
            b_[cell(x, y)] = brushBed(kind, b, brushAmount(s.strength, w, s.dtSeconds), mean, s.targetHeightM);
        }
}

void CpuSolver::setTerrain(const std::vector<float>& terrainM) {
    assert(terrainM.size() == b_.size());
    b_ = terrainM;
}

void CpuSolver::restoreFields(const FieldSnapshot& f) {
    b_ = f.terrainM;
    h_ = f.depthM;
    qx_ = f.flowXM3PerS;  // between substeps the CPU solver holds effective flows, as saved
    qy_ = f.flowYM3PerS;
}

void CpuSolver::restoreLedger(double addedM3, double removedM3, const std::vector<double>& slots) {
    addedM3_ = slots.size() == 2 ? slots[0] : addedM3;
    removedM3_ = slots.size() == 2 ? slots[1] : removedM3;
}

void CpuSolver::readRegion(Field field, const CellBox& box, float* out) {
    const std::vector<float>& src = field == Field::Terrain ? b_ : h_;
    for (int r = 0; r < box.h; ++r) {
        const std::size_t row = std::size_t(box.y0 + r) * std::size_t(width_) + std::size_t(box.x0);
        std::copy_n(src.begin() + std::ptrdiff_t(row), box.w, out + std::size_t(r) * std::size_t(box.w));
    }
}

void CpuSolver::storeRegion(Field field, const CellBox& box, const float* values) {
    std::vector<float>& dst = field == Field::Terrain ? b_ : h_;
    for (int r = 0; r < box.h; ++r) {
        const std::size_t row = std::size_t(box.y0 + r) * std::size_t(width_) + std::size_t(box.x0);
        std::copy_n(values + std::size_t(r) * std::size_t(box.w), box.w, dst.begin() + std::ptrdiff_t(row));
    }
}

FieldSnapshot CpuSolver::download() {
    FieldSnapshot s;
    s.width = width_;
    s.height = height_;
    s.cellSizeM = cellSizeM_;
    s.terrainM = b_;
    s.depthM = h_;
    s.flowXM3PerS = qx_;
    s.flowYM3PerS = qy_;
    return s;
}

DepthStats CpuSolver::depthStats() {
    DepthStats d;
    double sum = 0;
    float lo = h_.empty() ? 0.0f : h_[0], hi = lo;
    for (float v : h_) {
        sum += double(v);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    d.volumeM3 = sum * double(cellSizeM_) * double(cellSizeM_);
    d.minDepthM = lo;
    d.maxDepthM = hi;
    return d;
}

}  // namespace sluice::sim
