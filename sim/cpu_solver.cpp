#include "sim/cpu_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "sim/brush_math.hpp"
#include "sim/kernel_math.hpp"

namespace sluice::sim {

namespace pipe = kmath;

namespace {

std::vector<std::int32_t> toUnits(const std::vector<float>& depthM) {
    std::vector<std::int32_t> u(depthM.size());
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = depthToUnits(depthM[i]);
    return u;
}

/// Stands for the water outside an inflow edge when its face is limited: it never runs short.
constexpr std::int32_t kGhostUnits = 2147483647;

}  // namespace

std::unique_ptr<Solver> makeCpuSolver(const Scene& scene) {
    auto solver = std::make_unique<CpuSolver>(scene);
    // A scene made from a snapshot has arrays of its own grid, so restoring cannot fail on size.
    if (scene.resume) {
        [[maybe_unused]] auto ok = solver->restoreState(*scene.resume);
        assert(ok);
    }
    return solver;
}

CpuSolver::CpuSolver(const Scene& scene, int threads, long long minCellsPerWorker)
    : Solver(scene), b_(scene.terrainM), h_(toUnits(scene.depthM)), hOld_(h_),
      qx_(std::size_t(width_ + 1) * std::size_t(height_), 0.0f),
      qy_(std::size_t(width_) * std::size_t(height_ + 1), 0.0f),
      vx_(qx_.size(), 0.0f), vy_(qy_.size(), 0.0f), tx_(qx_.size(), 0), ty_(qy_.size(), 0),
      pool_(threads > 0 ? threads : RowPool::defaultThreads(), minCellsPerWorker), totals_(std::size_t(pool_.threads())) {
    setInitialVolume(depthStats().volumeUnits);
    if (sceneWantsErosion(scene)) setUpErosion(scene.softThicknessM, scene.rockHardness);
}

void CpuSolver::substep(float dtSub) {
    const SubstepConstants c = prepareSubstep(dtSub, cellSizeM_, width_, height_, params_, boundary_, sources_, drains_);
    const SubstepAmounts a = nextAmounts(c);
    if (c.model == int(WaterModel::Swe)) updateFlowsSwe(c, a);
    else updateFlowsPipes(c, a);
    updateDepths(c, a);
    if (erosionRunning()) erode(prepareErosion(params_.erosion, dtSub, cellSizeM_));
}

void CpuSolver::noteSpeeds(int worker, float demand, float allowed) {
    WorkerTotals& t = totals_[std::size_t(worker)];
    t.demand = std::max(t.demand, demand);
    t.allowed = std::max(t.allowed, allowed);
}

void CpuSolver::foldWorkerTotals() {
    for (WorkerTotals& t : totals_) {  // max and integer sums: the same whatever the order
        maxSpeed_ = std::max(maxSpeed_, t.demand);
        maxAllowed_ = std::max(maxAllowed_, t.allowed);
        added_ += t.added;
        removed_ += t.removed;
        sedEroded_ += t.eroded;
        sedDeposited_ += t.deposited;
        sedRemoved_ += t.sedRemoved;
        t = WorkerTotals{};
    }
}

int CpuSolver::edgeCodeAt(const SubstepConstants& c, int side, int along) const {
    return c.edgeCodes[std::size_t(pipe::edgeFaceIndex(side, along, width_, height_))];
}

float CpuSolver::ghostDepthM(const SubstepConstants& c, const SubstepAmounts& a, int side, int along, std::size_t inner,
                             int units) const {
    const int code = edgeCodeAt(c, side, along);
    const int kind = pipe::edgeKind(code);
    const float level = kind == SLUICE_BOUNDARY_LEVEL ? a.levelM(std::size_t(pipe::edgeSegment(code))) : 0.0f;
    return pipe::ghostDepth(kind, flowBed(inner), pipe::unitsToMetres(units), level);
}

// Pass 1 of the pipe model: new raw flow of every face from its effective old flow and the surfaces
// beside it, held to the Courant limit, as a raw integer transfer. Pass 2 limits it.
void CpuSolver::updateFlowsPipes(const SubstepConstants& c, const SubstepAmounts& a) {
    const int W = width_, H = height_;
    const float g = params_.gravity, dx = cellSizeM_;
    auto depth = [&](std::size_t i) { return pipe::unitsToMetres(h_[i]); };
    auto finish = [&](float q, float faceDepth, int worker) {
        q = pipe::pipeManningFlow(q, faceDepth, dx, c.gN2Dt);
        float demand, allowed;
        q = pipe::pipeCourantClamp(q, faceDepth, dx, g, c.courantDxOverDt, demand, allowed);
        noteSpeeds(worker, demand, allowed);
        return q;
    };
    // An edge face on `side` at `along` whose inner cell is `inner`; outSign +1 on the east / north
    // sides. Mirrors edgeFlow() in shaders/sim/pipe_flux.comp.
    auto edge = [&](int side, int along, float qEff, std::size_t inner, float outSign, float& faceDepth) {
        faceDepth = 0.0f;
        const int kind = pipe::edgeKind(edgeCodeAt(c, side, along));
        if (kind == SLUICE_BOUNDARY_OPEN)
            return pipe::pipeOpenFlow(qEff, depth(inner), outSign, c.frictionFactor, c.gravityDt, c.viscosityTerm, faceDepth);
        if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
            faceDepth = depth(inner);
            return pipe::transmissiveFlow(qEff, faceDepth, pipe::unitsToMetres(hOld_[inner]), outSign, params_.gravity, dx);
        }
        if (!pipe::flowsByMomentum(kind)) return 0.0f;
        const float hg = ghostDepthM(c, a, side, along, inner, h_[inner]), b = flowBed(inner);
        return outSign > 0 ? pipe::pipeInteriorFlow(qEff, b, depth(inner), b, hg, c.frictionFactor, c.gravityDt, c.viscosityTerm, faceDepth)
                           : pipe::pipeInteriorFlow(qEff, b, hg, b, depth(inner), c.frictionFactor, c.gravityDt, c.viscosityTerm, faceDepth);
    };
    forRows(H, W + 1, [&](int y, int worker) {
        for (int i = 0; i <= W; ++i) {
            const std::size_t f = faceX(i, y);
            float faceDepth = 0, q;
            if (i > 0 && i < W) {
                const std::size_t L = cell(i - 1, y), R = cell(i, y);
                q = pipe::pipeInteriorFlow(qx_[f], flowBed(L), depth(L), flowBed(R), depth(R), c.frictionFactor, c.gravityDt,
                                           c.viscosityTerm, faceDepth);
            } else {
                q = edge(i == 0 ? 0 : 1, y, qx_[f], cell(i == 0 ? 0 : W - 1, y), i == 0 ? -1.0f : 1.0f, faceDepth);
            }
            tx_[f] = pipe::transferUnits(finish(q, faceDepth, worker), c.dtOverDx2);
        }
    });
    forRows(H + 1, W, [&](int j, int worker) {
        for (int x = 0; x < W; ++x) {
            const std::size_t f = faceY(x, j);
            float faceDepth = 0, q;
            if (j > 0 && j < H) {
                const std::size_t L = cell(x, j - 1), R = cell(x, j);
                q = pipe::pipeInteriorFlow(qy_[f], flowBed(L), depth(L), flowBed(R), depth(R), c.frictionFactor, c.gravityDt,
                                           c.viscosityTerm, faceDepth);
            } else {
                q = edge(j == 0 ? 2 : 3, x, qy_[f], cell(x, j == 0 ? 0 : H - 1), j == 0 ? -1.0f : 1.0f, faceDepth);
            }
            ty_[f] = pipe::transferUnits(finish(q, faceDepth, worker), c.dtOverDx2);
        }
    });
    foldWorkerTotals();
}

// Pass 2: effective transfers (each limited by the cell it leaves; inflow edges take the host's whole
// units), depths, then what enters or leaves through the domain's edges, sources, drains, rain and
// evaporation, all in whole units. The effective transfers, as flows, are both models' state; the
// depth before the update is kept for transmissive edges, and the shallow-water model stores the depth
// each transfer moved through, for the next substep's velocities.
void CpuSolver::updateDepths(const SubstepConstants& c, const SubstepAmounts& a) {
    const int W = width_, H = height_;
    std::swap(hOld_, h_);
    const std::vector<std::int32_t>& h0 = hOld_;
    // Inflow faces: their segment's units for this substep, into the domain (positive toward +x / +y
    // on the west / south sides).
    auto inflow = [&](int side, int along, std::int32_t& t) {
        const int code = edgeCodeAt(c, side, along);
        if (pipe::edgeKind(code) != SLUICE_BOUNDARY_INFLOW) return;
        const int units = a.segmentValues[std::size_t(pipe::edgeSegment(code))];
        t = side == 0 || side == 2 ? units : -units;
    };
    for (int y = 0; y < H; ++y) {
        inflow(0, y, tx_[faceX(0, y)]);
        inflow(1, y, tx_[faceX(W, y)]);
    }
    for (int x = 0; x < W; ++x) {
        inflow(2, x, ty_[faceY(x, 0)]);
        inflow(3, x, ty_[faceY(x, H)]);
    }
    std::vector<std::int64_t> out(h0.size());
    forRows(H, W, [&](int y, int) {
        for (int x = 0; x < W; ++x)
            out[cell(x, y)] = pipe::cellOutflow(tx_[faceX(x, y)], tx_[faceX(x + 1, y)], ty_[faceY(x, y)], ty_[faceY(x, y + 1)]);
    });
    // Effective transfers; the side beyond an edge is a ghost that never runs short.
    forRows(H, W + 1, [&](int y, int) {
        for (int i = 0; i <= W; ++i) {
            const bool low = i > 0, high = i < W;
            std::int32_t& t = tx_[faceX(i, y)];
            t = pipe::effectiveTransfer(t, low ? h0[cell(i - 1, y)] : kGhostUnits, low ? out[cell(i - 1, y)] : 0,
                                        high ? h0[cell(i, y)] : kGhostUnits, high ? out[cell(i, y)] : 0);
            qx_[faceX(i, y)] = float(t) * c.unitFlow;
        }
    });
    forRows(H + 1, W, [&](int j, int) {
        for (int x = 0; x < W; ++x) {
            const bool low = j > 0, high = j < H;
            std::int32_t& t = ty_[faceY(x, j)];
            t = pipe::effectiveTransfer(t, low ? h0[cell(x, j - 1)] : kGhostUnits, low ? out[cell(x, j - 1)] : 0,
                                        high ? h0[cell(x, j)] : kGhostUnits, high ? out[cell(x, j)] : 0);
            qy_[faceY(x, j)] = float(t) * c.unitFlow;
        }
    });
    if (c.model == int(WaterModel::Swe)) storeFaceVelocities(c, a);
    const bool moveSediment = erosionRunning();
    if (moveSediment) sedNext_.resize(sed_.size());
    forRows(H, W, [&](int y, int worker) {
        std::int64_t& added = totals_[std::size_t(worker)].added;
        std::int64_t& removed = totals_[std::size_t(worker)].removed;
        for (int x = 0; x < W; ++x) {
            const std::size_t i = cell(x, y);
            const int eW = tx_[faceX(x, y)], eE = tx_[faceX(x + 1, y)], eS = ty_[faceY(x, y)], eN = ty_[faceY(x, y + 1)];
            int h = pipe::depthAfter(h0[i], eW, eE, eS, eN);
            int sed = 0;
            if (moveSediment) sed = advectSediment(x, y, eW, eE, eS, eN, totals_[std::size_t(worker)].sedRemoved);
            if (c.ledgerActive) {
                // Water through the domain's edge: into the domain as added, out as removed.
                auto edge = [&](int into) { (into > 0 ? added : removed) += std::abs(std::int64_t(into)); };
                if (x == 0) edge(eW);
                if (x == W - 1) edge(-eE);
                if (y == 0) edge(eS);
                if (y == H - 1) edge(-eN);
                for (std::size_t e = 0; e < c.emitters.size(); ++e) {
                    const PreparedEmitter& em = c.emitters[e];
                    const bool inside = x >= em.box.x0 && x < em.box.x1 && y >= em.box.y0 && y < em.box.y1 &&
                                        (em.singleCell || [&] {
                                            const float ddx = (float(x) + 0.5f) - em.x, ddy = (float(y) + 0.5f) - em.y;
                                            return ddx * ddx + ddy * ddy <= em.radius2;
                                        }());
                    if (!inside) continue;
                    const int level = pipe::metresToUnits(em.levelM - b_[i]);
                    const int moved = pipe::emitterUnits(int(em.mode), em.sign, a.emitterUnits[e], level, h);
                    const int carried = pipe::sedimentShare(-moved, sed, h);  // a drain takes its share
                    sed -= carried;
                    totals_[std::size_t(worker)].sedRemoved += carried;
                    h += moved;
                    (moved > 0 ? added : removed) += std::abs(std::int64_t(moved));
                }
                if (a.rainUnits > 0) {
                    const int more = pipe::addUnits(h, a.rainUnits);
                    h += more;
                    added += more;
                }
                if (a.evaporationUnits > 0) {
                    const int less = std::min(h, a.evaporationUnits);
                    h -= less;
                    removed += less;
                }
            }
            h_[i] = h;
            if (moveSediment) sedNext_[i] = sed;
        }
    });
    if (moveSediment) std::swap(sed_, sedNext_);
    foldWorkerTotals();
}

void CpuSolver::applyBrush(const BrushStroke& s) {
    using namespace brushmath;
    const BrushBox box = brushBox(s.x, s.y, s.radiusCells, width_, height_);
    if (box.empty() || !(s.dtSeconds > 0.0f)) return;
    const int W = width_, H = height_;
    const int kind = int(s.kind);

    if (kind == SLUICE_BRUSH_ADD_WATER || kind == SLUICE_BRUSH_REMOVE_WATER) {
        std::int64_t added = 0, removed = 0;
        for (int y = box.y0; y < box.y1; ++y)
            for (int x = box.x0; x < box.x1; ++x) {
                const float w = brushWeightAt(s.radiusCells, s.falloff, brushDistance(x, y, s.x, s.y));
                if (!(w > 0.0f)) continue;
                std::int32_t& h = h_[cell(x, y)];
                const int moved = brushWaterUnits(kind, h, brushAmount(s.strength, w, s.dtSeconds));
                h += moved;
                (moved > 0 ? added : removed) += std::abs(std::int64_t(moved));
            }
        added_ += added;
        removed_ += removed;
        return;
    }
    if (kind == SLUICE_BRUSH_PAINT_SOFT || kind == SLUICE_BRUSH_PAINT_HARDNESS) {
        if (!hasErosionState()) return;  // no erosion state: nothing to paint
        for (int y = box.y0; y < box.y1; ++y)
            for (int x = box.x0; x < box.x1; ++x) {
                const float w = brushWeightAt(s.radiusCells, s.falloff, brushDistance(x, y, s.x, s.y));
                if (!(w > 0.0f)) continue;
                const float amount = brushAmount(s.strength, w, s.dtSeconds);
                const std::size_t i = cell(x, y);
                if (kind == SLUICE_BRUSH_PAINT_SOFT) soft_[i] = brushSoftUnits(soft_[i], amount);
                else hard_[i] = brushHardness(hard_[i], amount, s.targetHeightM);
            }
        return;  // the bed surface did not move: no rebase
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
    rebase(CellBox{box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0});
}

void CpuSolver::setTerrain(const std::vector<float>& terrainM) {
    assert(terrainM.size() == b_.size());
    b_ = terrainM;
    rebase(CellBox{0, 0, width_, height_});
}

void CpuSolver::restoreFields(const FieldSnapshot& f) {
    b_ = f.terrainM;
    h_ = f.depthUnits;
    hOld_ = f.prevDepthUnits.empty() ? f.depthUnits : f.prevDepthUnits;
    qx_ = f.flowXM3PerS;  // between substeps the CPU solver holds effective flows, as saved
    qy_ = f.flowYM3PerS;
    vx_ = f.faceVelocityXMS;
    vy_ = f.faceVelocityYMS;
    storeErosion(f.erosion);
}

void* CpuSolver::fieldData(Field field) {
    switch (field) {
        case Field::Terrain: return b_.data();
        case Field::Depth: return h_.data();
        case Field::Soft: return soft_.empty() ? nullptr : soft_.data();
        case Field::Hardness: return hard_.empty() ? nullptr : hard_.data();
    }
    return nullptr;
}

void CpuSolver::readRegion(Field field, const CellBox& box, std::uint32_t* out) {
    const auto* data = static_cast<const std::byte*>(fieldData(field));  // 4-byte elements in every field
    for (int r = 0; r < box.h; ++r) {
        std::uint32_t* dst = out + std::size_t(r) * std::size_t(box.w);
        if (data) std::memcpy(dst, data + 4 * cell(box.x0, box.y0 + r), std::size_t(box.w) * 4);
        else std::fill_n(dst, box.w, 0u);
    }
}

std::vector<WaterPatch> CpuSolver::readWater(const std::vector<CellBox>& boxes) {
    std::vector<WaterPatch> out = sizedPatches(boxes);
    for (WaterPatch& p : out) {
        const CellBox& b = p.box;
        const std::vector<float>& fx = p.faceVelocities ? vx_ : qx_;
        const std::vector<float>& fy = p.faceVelocities ? vy_ : qy_;
        for (int r = 0; r < b.h; ++r) {
            const std::size_t row = std::size_t(r) * std::size_t(b.w);
            std::copy_n(b_.begin() + std::ptrdiff_t(cell(b.x0, b.y0 + r)), b.w, p.bedM.begin() + std::ptrdiff_t(row));
            std::copy_n(h_.begin() + std::ptrdiff_t(cell(b.x0, b.y0 + r)), b.w, p.depthUnits.begin() + std::ptrdiff_t(row));
            std::copy_n(fx.begin() + std::ptrdiff_t(faceX(b.x0, b.y0 + r)), b.w + 1,
                        p.faceX.begin() + std::ptrdiff_t(std::size_t(r) * std::size_t(b.w + 1)));
        }
        for (int r = 0; r <= b.h; ++r)
            std::copy_n(fy.begin() + std::ptrdiff_t(faceY(b.x0, b.y0 + r)), b.w,
                        p.faceY.begin() + std::ptrdiff_t(std::size_t(r) * std::size_t(b.w)));
    }
    return out;
}

void CpuSolver::storeRegion(Field field, const CellBox& box, const std::uint32_t* values) {
    auto* data = static_cast<std::byte*>(fieldData(field));
    if (!data) return;
    for (int r = 0; r < box.h; ++r)
        std::memcpy(data + 4 * cell(box.x0, box.y0 + r), values + std::size_t(r) * std::size_t(box.w), std::size_t(box.w) * 4);
    if (field == Field::Terrain) rebase(box);
}

FieldSnapshot CpuSolver::download() {
    FieldSnapshot s;
    s.width = width_;
    s.height = height_;
    s.cellSizeM = cellSizeM_;
    s.terrainM = b_;
    s.depthUnits = h_;
    s.prevDepthUnits = hOld_;
    fillDepthMetres(s);
    s.flowXM3PerS = qx_;
    s.flowYM3PerS = qy_;
    s.faceVelocityXMS = vx_;
    s.faceVelocityYMS = vy_;
    s.erosion = erosionField();
    return s;
}

DepthStats CpuSolver::depthStats() {
    DepthStats d;
    std::int64_t sum = 0;
    std::int32_t lo = h_.empty() ? 0 : h_[0], hi = lo;
    for (std::int32_t v : h_) {
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    d.volumeUnits = sum;
    d.volumeM3 = double(sum) * kDepthUnitM * double(cellSizeM_) * double(cellSizeM_);
    d.minDepthM = unitsToDepth(lo);
    d.maxDepthM = unitsToDepth(hi);
    return d;
}

}  // namespace sluice::sim
