#include "sim/gpu_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

#include "sim/brush_math.hpp"
#include "sim/exact_float_ops.hpp"
#include "sim/measure_env.hpp"
#include "sim/water_uniforms.hpp"

namespace sluice::sim {

using namespace sluice::sim::gpu;

namespace {
std::string mib(double bytes) { return std::to_string(int(bytes / (1024.0 * 1024.0) + 0.5)) + " MiB"; }
}  // namespace

FieldOrder GpuSolver::fieldOrderFor(int width, int height) {
    return double(width) * double(height) * 4.0 > 48.0 * 1024.0 * 1024.0 ? FieldOrder::Tiles : FieldOrder::Rows;
}

FieldOrder GpuSolver::autoFieldOrder(int width, int height) {
    const char* forced = std::getenv("SLUICE_FIELD_LAYOUT");
    if (!forced) return fieldOrderFor(width, height);
    for (FieldOrder o : kFieldOrders)
        if (std::string(forced) == fieldOrderName(o)) return o;
    warnIgnoredEnv("SLUICE_FIELD_LAYOUT", forced, "rows, tiles or strips");
    return fieldOrderFor(width, height);
}

Result<std::unique_ptr<GpuSolver>> GpuSolver::create(const Scene& scene, std::optional<FieldOrder> order) {
    if (!glDispatchCompute) return Error{"GPU solver: no OpenGL 4.5 context is current"};
    auto solver = std::unique_ptr<GpuSolver>(new GpuSolver(scene, order ? *order : autoFieldOrder(scene.width, scene.height)));
    auto r = solver->init(scene);
    if (!r) return r.error();
    if (scene.resume) {
        if (auto ok = solver->restoreState(*scene.resume); !ok) return ok.error();
    }
    return solver;
}

Result<void> GpuSolver::init(const Scene& scene) {
    const std::size_t W = std::size_t(width_), H = std::size_t(height_);
    const std::size_t cells = W * H;
    const FieldLayout layout = fieldLayout();
    const std::size_t words = layout.words();  // one field, cells or faces (field_layout.h)
    const std::size_t largest = words * sizeof(float);
    GLint64 maxBlock = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    const std::string grid = "grid " + std::to_string(W) + "x" + std::to_string(H);
    if (maxBlock > 0 && GLint64(largest) > maxBlock)
        return Error{grid + " is larger than this GPU allows: one array needs " + mib(double(largest)) +
                     ", GL_MAX_SHADER_STORAGE_BLOCK_SIZE is " + mib(double(maxBlock))};
    GLint maxGroups[2] = {0, 0};
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &maxGroups[0]);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &maxGroups[1]);
    passGroupsX_ = (width_ + 1 + SLUICE_PASS_GROUP_X - 1) / SLUICE_PASS_GROUP_X;  // pass 1 also has the east edge
    passGroupsY_ = (height_ + 1 + SLUICE_PASS_GROUP_Y - 1) / SLUICE_PASS_GROUP_Y;
    if (passGroupsX_ > maxGroups[0] || passGroupsY_ > maxGroups[1])
        return Error{grid + " needs more compute work groups than this GPU allows (" + std::to_string(maxGroups[0]) +
                     " x " + std::to_string(maxGroups[1]) + ")"};
    // Pass 2 covers the cells only; flags and ledger slots follow its groups.
    passGroupsX_ = (width_ + SLUICE_PASS_GROUP_X - 1) / SLUICE_PASS_GROUP_X;
    passGroupsY_ = (height_ + SLUICE_PASS_GROUP_Y - 1) / SLUICE_PASS_GROUP_Y;

    // Division and square root rounded as the CPU rounds them (shaders/sim/portable.h), and the
    // fields' layout (shaders/sim/field_layout.h), compiled into every kernel.
    auto floatOps = deviceFloatOps();
    if (!floatOps) return Error{"GPU solver: " + floatOps.error().message};
    const std::string exact = floatOps->defines() + layout.define();
    exactDefines_ = exact;
    if (auto fused = compileFused(); !fused) return fused.error();
    compileBlockedOrTurnOff();
    auto flux = gl::Program::compute("sim/pipe_flux.comp", exact);
    if (!flux) return flux.error();
    auto sweFlux = gl::Program::compute("sim/swe_flux.comp", exact);
    if (!sweFlux) return sweFlux.error();
    auto depthPass = gl::Program::compute("sim/step_depth.comp", exact);
    if (!depthPass) return depthPass.error();
    auto reduce = gl::Program::compute("sim/reduce.comp", exact);
    if (!reduce) return reduce.error();
    auto brush = gl::Program::compute("sim/brush.comp", exact);
    if (!brush) return brush.error();
    auto slump = gl::Program::compute("sim/slump.comp", exact);
    if (!slump) return slump.error();
    auto gather = gl::Program::compute("sim/gather_patches.comp", exact);
    if (!gather) return gather.error();
    gather_ = std::move(*gather);
    auto scatterLoad = gl::Program::compute("sim/scatter_load.comp");
    if (!scatterLoad) return scatterLoad.error();
    scatterLoad_ = std::move(*scatterLoad);
    // Lists its groups in the order the passes walk them (column by column in strips).
    auto dryList = gl::Program::compute("sim/dry_list.comp", layout.define());
    if (!dryList) return dryList.error();
    dryList_ = std::move(*dryList);
    slump_ = std::move(*slump);
    flux_ = std::move(*flux);
    sweFlux_ = std::move(*sweFlux);
    depthPass_ = std::move(*depthPass);
    reduce_ = std::move(*reduce);
    brush_ = std::move(*brush);

    while (glGetError() != GL_NO_ERROR) {
    }
    terrain_ = gl::Buffer(words * 4, layout.laidOut(scene.terrainM.data(), width_, height_).data());
    std::vector<std::int32_t> units(cells);
    for (std::size_t i = 0; i < cells; ++i) units[i] = depthToUnits(scene.depthM[i]);
    const std::vector<std::int32_t> unitWords = layout.laidOut(units.data(), width_, height_);
    const std::vector<float> zeros(words, 0.0f);
    const std::size_t groups = std::size_t(passGroupsX_) * std::size_t(passGroupsY_);
    for (int i = 0; i < 2; ++i) {
        depth_[i] = gl::Buffer(words * 4, unitWords.data());
        flowX_[i] = gl::Buffer(words * 4, zeros.data());
        flowY_[i] = gl::Buffer(words * 4, zeros.data());
        flags_[i] = gl::Buffer(groups * 4);
    }
    // The group lists of dry skipping (dry_list.comp): each headed by its dispatch's (count, 1, 1).
    const std::size_t listed = std::size_t(pass1GroupsX()) * std::size_t(pass1GroupsY());
    std::vector<std::uint32_t> listHead(SLUICE_GROUP_LIST_HEAD + listed, 0u);
    listHead[1] = listHead[2] = 1u;
    for (gl::Buffer& list : groupList_) list = gl::Buffer(listHead.size() * 4, listHead.data());
    faceVelocity_ = gl::Buffer(std::size_t(velocityAt(1)) * 4);
    faceVelocity_.fill32(0);
    markAllTilesActive();
    // Ledger slots: one pair per pass-2 work group, then one per brush tile.
    brushTilesX_ = (width_ + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE;
    const int brushTilesY = (height_ + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE;
    brushSlotBase_ = int(groups);
    // Then one per tile of the temporally blocked kernel, whose inner parts are at least 32 x 8.
    blockedSlot0_ = brushSlotBase_ + brushTilesX_ * brushTilesY;
    const std::size_t blockedTiles = std::size_t((width_ + 31) / 32) * std::size_t((height_ + 7) / 8);
    const std::size_t slots = std::size_t(blockedSlot0_) + blockedTiles;
    // Then erosion's slots: SLUICE_SEDIMENT_SLOTS per pass-2 group.
    waterSlots_ = slots;
    sedimentSlot0_ = 2 * slots;
    const std::vector<std::int64_t> zeroLedger(2 * slots + SLUICE_SEDIMENT_SLOTS * groups, 0);
    ledger_ = gl::Buffer(zeroLedger.size() * sizeof(std::int64_t), zeroLedger.data());
    GpuStats stats{};
    stats_ = gl::Buffer(sizeof(GpuStats), &stats);
    partials_ = gl::Buffer(SLUICE_REDUCE_GROUPS * sizeof(GpuReducePartial));
    emitters_ = gl::Buffer(sizeof(GpuEmitter) * 16);
    amounts_ = gl::Buffer(sizeof(std::int32_t) * 256);
    if (glGetError() == GL_OUT_OF_MEMORY)
        return Error{grid + " does not fit in GPU memory (needs about " + mib(bytesPerCell() * double(cells)) + ")"};
    setInitialVolume(depthStats().volumeUnits);
    if (sceneWantsErosion(scene)) {
        setUpErosion(scene.softThicknessM, scene.rockHardness);
        if (glGetError() == GL_OUT_OF_MEMORY)
            return Error{grid + " with erosion does not fit in GPU memory (needs about " +
                         mib(bytesPerCell() * double(cells)) + ")"};
    }
    return {};
}

double GpuSolver::bytesPerCell() const {
    const double cells = double(width_) * double(height_);
    double total = double(terrain_.bytes() + ledger_.bytes() + faceVelocity_.bytes());
    for (int i = 0; i < 2; ++i) total += double(depth_[i].bytes() + flowX_[i].bytes() + flowY_[i].bytes() + flags_[i].bytes());
    total += double(stripRawX_.bytes() + stripRawY_.bytes() + prevDepth_.bytes());
    total += double(bedBase_.bytes() + erosion_.bytes());
    return total / cells;
}

Result<void> GpuSolver::compileFused() {
    const int rows = tuning_.fusedCellRows, threads = tuning_.fusedThreadRows;
    const std::string shape = exactDefines_ + "#define SLUICE_FUSED_CELL_ROWS " + std::to_string(rows) + "\n" +
                              "#define SLUICE_FUSED_THREAD_ROWS " + std::to_string(threads) + "\n";
    auto pipes = gl::Program::compute("sim/step_fused.comp", shape + "#define SLUICE_FUSED_SWE 0\n");
    if (!pipes) return pipes.error();
    auto swe = gl::Program::compute("sim/step_fused.comp", shape + "#define SLUICE_FUSED_SWE 1\n");
    if (!swe) return swe.error();
    auto tiled = gl::Program::compute("sim/step_fused.comp", shape + "#define SLUICE_FUSED_FACES 0\n");
    if (!tiled) return tiled.error();
    fusedPipes_ = std::move(*pipes);
    fusedSwe_ = std::move(*swe);
    tiledPass2_ = std::move(*tiled);
    fusedCellRowsBuilt_ = rows;
    fusedThreadRowsBuilt_ = threads;
    return {};
}

void GpuSolver::setTuning(const Tuning& t) {
    tuning_ = t;
    tuning_.fusedCellRows = t.fusedCellRows >= 4 ? 4 : t.fusedCellRows >= 2 ? 2 : 1;
    tuning_.fusedThreadRows = t.fusedThreadRows >= 8 ? 8 : t.fusedThreadRows >= 4 ? 4 : 2;
    if ((tuning_.fusedCellRows != fusedCellRowsBuilt_ || tuning_.fusedThreadRows != fusedThreadRowsBuilt_) &&
        fusedCellRowsBuilt_ != 0) {
        // Tiles too tall for this device's shared memory keep the kernels built before.
        if (auto ok = compileFused(); !ok) {
            std::fprintf(stderr, "sluice: fused kernel of %d x %d rows: %s\n", tuning_.fusedThreadRows,
                         tuning_.fusedCellRows, ok.error().message.c_str());
            tuning_.fusedCellRows = fusedCellRowsBuilt_;
            tuning_.fusedThreadRows = fusedThreadRowsBuilt_;
        }
    }
    compileBlockedOrTurnOff();
    // Strips: even rows (pass groups are 2 rows high and boundaries move 2 rows a substep), at least 8,
    // and short enough sweeps that the first strip keeps rows at every substep.
    tuning_.stripRows = t.stripRows > 0 ? std::max(8, t.stripRows / 2 * 2) : t.stripRows;
    tuning_.sweepSubsteps = std::clamp(t.sweepSubsteps, 1, std::max(1, std::max(0, tuning_.stripRows) / 4));
}

void GpuSolver::markAllTilesActive() { flags_[flagsCur_].fill32(SLUICE_TILE_WET | SLUICE_TILE_WAS_WET); }

void GpuSolver::resetTileCount() {
    const std::uint32_t zero = 0;
    stats_.upload(&zero, sizeof(zero), offsetof(GpuStats, tilesRun));
}

std::uint32_t GpuSolver::tilesRun() {
    GpuStats s{};
    stats_.download(&s, sizeof(s));
    return s.tilesRun;
}

void GpuSolver::uploadEmitters(const std::vector<GpuEmitter>& em) {
    if (em.size() == uploadedEmitters_.size() &&
        (em.empty() || std::memcmp(em.data(), uploadedEmitters_.data(), em.size() * sizeof(GpuEmitter)) == 0))
        return;
    if (em.size() * sizeof(GpuEmitter) > emitters_.bytes())
        emitters_ = gl::Buffer(std::max<std::size_t>(em.size(), 16) * 2 * sizeof(GpuEmitter));
    if (!em.empty()) emitters_.upload(em.data(), em.size() * sizeof(GpuEmitter));
    uploadedEmitters_ = em;
}


void GpuSolver::uploadAmounts(const SubstepConstants& c, int n) {
    emitterBase_ = SLUICE_AMOUNT_SEGMENTS + int(c.segments.size());
    amountStride_ = emitterBase_ + int(c.emitters.size());
    amountTable0_ = int(c.edgeCodes.size());  // the edge codes come first
    std::vector<std::int32_t> table(c.edgeCodes.size() + std::size_t(n) * std::size_t(amountStride_));
    std::copy(c.edgeCodes.begin(), c.edgeCodes.end(), table.begin());
    for (int s = 0; s < n; ++s) {
        const SubstepAmounts a = nextAmounts(c);
        std::int32_t* row = table.data() + std::size_t(amountTable0_) + std::size_t(s) * std::size_t(amountStride_);
        row[SLUICE_AMOUNT_RAIN] = a.rainUnits;
        row[SLUICE_AMOUNT_EVAPORATION] = a.evaporationUnits;
        for (std::size_t k = 0; k < a.segmentValues.size(); ++k) row[SLUICE_AMOUNT_SEGMENTS + k] = a.segmentValues[k];
        for (std::size_t e = 0; e < a.emitterUnits.size(); ++e) row[std::size_t(emitterBase_) + e] = a.emitterUnits[e];
    }
    const std::size_t bytes = table.size() * sizeof(std::int32_t);
    if (bytes > amounts_.bytes()) amounts_ = gl::Buffer(bytes * 2);
    amounts_.upload(table.data(), bytes);
}

void GpuSolver::advance(float dtSub, int n) {
    if (n <= 0) return;
    const SubstepConstants c = prepareSubstep(dtSub, cellSizeM_, width_, height_, params_, boundary_, sources_, drains_);
    std::vector<GpuEmitter> em;
    em.reserve(c.emitters.size());
    for (const PreparedEmitter& e : c.emitters)
        em.push_back(GpuEmitter{e.x, e.y, e.radius2, e.levelM, int(e.mode), e.sign, e.singleCell ? 1 : 0, 0, e.box.x0,
                                e.box.y0, e.box.x1, e.box.y1});
    uploadEmitters(em);
    uploadAmounts(c, n);

    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    emitters_.bindStorage(SLUICE_BIND_EMITTERS);
    amounts_.bindStorage(SLUICE_BIND_AMOUNTS);
    faceVelocity_.bindStorage(SLUICE_BIND_FACE_VELOCITY);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    stats_.bindStorage(SLUICE_BIND_STATS);
    const bool sweep = sweeps(n);
    selectStepKernels(c);
    using Programs = std::initializer_list<const gl::Program*>;
    for (const gl::Program* p : Programs{&fluxPass(), &depthPass(), &fusedPipes_, &fusedSwe_, &tiledPass2_, &dryList_, blockedPass_}) {
        if (!p || p->id() == 0) continue;
        setPassUniforms(*p, c, int(em.size()));
        // A sweep computes every group: a skipped group would leave another strip's raw transfers in
        // the shared scratch buffer.
        p->set("uSkipDry", tuning_.skipDryTiles && !sweep ? 1 : 0);
        p->set("uAllActive", c.rainUnits > 0 ? 1 : 0);
        p->set("uBodyLoad", bodyLoad_ ? 1 : 0);
    }
    for (const gl::Program* p : cellPasses()) p->set("uCountTiles", tuning_.countTiles ? 1 : 0);
    if (blockedPass_) blockedPass_->set("uCountTiles", tuning_.countTiles ? 1 : 0);
    erosionDtSub_ = dtSub;
    setSedimentUniforms();
    depthPass().set("uCountWetOnly", sweep ? 1 : 0);
    // The two passes read and rewrite the current velocities in place, pass 1 leaving the depths its
    // moving faces move water through in the other half for pass 2; the fused kernel writes its
    // velocities to the other half (advanceFused()) and reconstructs those depths itself.
    const bool blocked = !sweep && runsBlocked();
    const bool fused = !sweep && !blocked && runsFused();
    if (params_.model == WaterModel::Swe) ensureTwoVelocityHalves();
    for (const gl::Program* p : Programs{&fluxPass(), &depthPass(), &tiledPass2_}) {
        p->set("uVelocityIn", velocityAt(velHalf_));
        p->set("uMovedDepthAt", velocityAt(1 - velHalf_));
    }
    for (const gl::Program* p : {&fusedPipes_, &fusedSwe_}) p->set("uMovedDepthAt", -1);
    depthPass().set("uVelocityOut", velocityAt(velHalf_));
    tiledPass2_.set("uVelocityOut", velocityAt(velHalf_));
    // The two kinds of dispatch keep the other copy of the flows (and velocities) differently: after a
    // switch every group computes until both copies hold the state (markAllTilesActive).
    // (The blocked kernel keeps them as the fused one does.)
    if ((fused || blocked) != lastRunFused_) markAllTilesActive();
    lastRunFused_ = fused || blocked;
    if (sweep) advanceSkewed(n);
    else if (blocked) advanceBlocked(n);
    else if (fused) advanceFused(n);
    else advanceWhole(n);
}

void GpuSolver::selectStepKernels(const SubstepConstants& c) {
    const bool swe = params_.model == WaterModel::Swe;
    const std::string common = "#define SLUICE_STEP_FRICTION_LAW " + std::to_string(c.frictionLaw) +
                               "\n#define SLUICE_STEP_VISCOUS " + (c.viscosityTerm != 0.0f ? "1" : "0") +
                               "\n#define SLUICE_STEP_BODY_LOAD " + (bodyLoad_ ? "1" : "0") + "\n";
    pass1_ = &kernelVariant(swe ? "sim/swe_flux.comp" : "sim/pipe_flux.comp", swe ? sweFlux_ : flux_, common);
    pass2_ = &kernelVariant("sim/step_depth.comp", depthPass_,
                            common + "#define SLUICE_STEP_MODEL " + (swe ? "1" : "0") + "\n#define SLUICE_STEP_EROSION " +
                                (erosionRunning() ? "1" : "0") + "\n");
    // The blocked kernel also drops the ledger's code where nothing enters or leaves, and the edge
    // faces' where all four sides are walls.
    bool walls = true;
    for (int side = 0; side < 4; ++side) walls = walls && boundary_.side(side).isWall();
    blockedPass_ = runsBlocked() ? &kernelVariant("sim/step_blocked.comp", blocked_,
                                                  blockedShape_ + common + "#define SLUICE_STEP_MODEL 0\n#define SLUICE_STEP_LEDGER " +
                                                      (c.ledgerActive ? "1" : "0") + "\n#define SLUICE_BLOCKED_WALLS " +
                                                      (walls ? "1" : "0") + "\n")
                                 : nullptr;
}

const gl::Program& GpuSolver::kernelVariant(const char* file, const gl::Program& general, const std::string& defines) {
    const std::string key = std::string(file) + "\n" + defines;
    if (auto it = kernelVariants_.find(key); it != kernelVariants_.end()) return it->second.id() != 0 ? it->second : general;
    auto program = gl::Program::compute(file, exactDefines_ + defines);
    if (!program) {
        std::fprintf(stderr, "sluice: %s for this configuration did not compile, the general kernel runs instead: %s\n", file,
                     program.error().message.c_str());
        kernelVariants_.emplace(key, gl::Program{});
        return general;
    }
    return kernelVariants_.emplace(key, std::move(*program)).first->second;
}

void GpuSolver::setPassUniforms(const gl::Program& p, const SubstepConstants& c, int emitterCount) const {
    p.set("uSize", width_, height_);
    p.set("uModel", c.model);
    setWaterUniforms(p, c, cellSizeM_, params_.gravity);
    glProgramUniform4i(p.id(), p.location("uSideWets"), c.sideWets[0], c.sideWets[1], c.sideWets[2], c.sideWets[3]);
    p.set("uEmitterBase", emitterBase_);
    p.set("uEmitterCount", emitterCount);
    p.set("uLedgerActive", c.ledgerActive ? 1 : 0);
}

SpeedReading GpuSolver::peekSpeeds() {
    GpuStats s{};
    stats_.download(&s, sizeof(s));
    SpeedReading r;
    std::memcpy(&r.demand, &s.maxSpeedBits, sizeof(float));
    std::memcpy(&r.allowed, &s.allowedSpeedBits, sizeof(float));
    return r;
}

void GpuSolver::resetSpeeds() {
    // Only the speeds: the group count runs on until resetTileCount() (benchmarks count over a run).
    const std::uint32_t zero = 0;
    stats_.upload(&zero, sizeof(zero), offsetof(GpuStats, maxSpeedBits));
    stats_.upload(&zero, sizeof(zero), offsetof(GpuStats, allowedSpeedBits));
}

void GpuSolver::reduce(GpuReducePartial& total) {
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    partials_.bindStorage(SLUICE_BIND_REDUCE_OUT);
    reduce_.set("uCellCount", width_ * height_);
    reduce_.set("uWidth", width_);
    reduce_.set("uLedgerSlots", int(waterSlots_));
    reduce_.set("uCellOffset", 0);
    reduce_.use();
    glDispatchCompute(SLUICE_REDUCE_GROUPS, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<GpuReducePartial> parts(SLUICE_REDUCE_GROUPS);
    partials_.download(parts.data(), parts.size() * sizeof(GpuReducePartial));
    total = GpuReducePartial{0, 0, 0, 2147483647, -2147483647};
    for (const GpuReducePartial& p : parts) {
        total.volumeUnits += p.volumeUnits;
        total.addedUnits += p.addedUnits;
        total.removedUnits += p.removedUnits;
        total.minDepth = std::min(total.minDepth, p.minDepth);
        total.maxDepth = std::max(total.maxDepth, p.maxDepth);
    }
}

DepthStats GpuSolver::depthStats() {
    GpuReducePartial t{};
    reduce(t);
    DepthStats d;
    d.volumeUnits = t.volumeUnits;
    d.volumeM3 = double(t.volumeUnits) * kDepthUnitM * double(cellSizeM_) * double(cellSizeM_);
    d.minDepthM = unitsToDepth(t.minDepth);
    d.maxDepthM = unitsToDepth(t.maxDepth);
    return d;
}

void GpuSolver::addedRemovedUnits(std::int64_t& added, std::int64_t& removed) {
    GpuReducePartial t{};
    reduce(t);
    added = t.addedUnits;
    removed = t.removedUnits;
}

void GpuSolver::applyBrush(const BrushStroke& s) {
    const brushmath::BrushBox box = brushmath::brushBox(s.x, s.y, s.radiusCells, width_, height_);
    if (box.empty() || !(s.dtSeconds > 0.0f)) return;
    const bool material = isMaterialBrush(s.kind);
    if (material && !hasErosionState()) return;  // no erosion state: nothing to paint
    // Whole tiles (aligned to the global grid) that intersect the box, so each dispatch group owns
    // exactly one ledger slot.
    const int gx0 = box.x0 / SLUICE_BRUSH_TILE, gy0 = box.y0 / SLUICE_BRUSH_TILE;
    const int gx1 = (box.x1 + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE, gy1 = (box.y1 + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE;
    const int groupsX = gx1 - gx0, groupsY = gy1 - gy0;
    const bool smooth = s.kind == BrushKind::Smooth;
    if (smooth) {
        const std::size_t bytes = std::size_t(groupsX) * std::size_t(groupsY) * SLUICE_BRUSH_TILE * SLUICE_BRUSH_TILE * sizeof(float);
        if (brushScratch_.bytes() < bytes) brushScratch_ = gl::Buffer(bytes);
        brushScratch_.bindStorage(SLUICE_BIND_DEPTH_OUT);
    }
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);  // the current state (depthBuffer())
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    if (material) erosion_.bindStorage(SLUICE_BIND_EROSION);

    brush_.set("uSize", width_, height_);
    glProgramUniform4i(brush_.id(), brush_.location("uBox"), box.x0, box.y0, box.x1, box.y1);
    brush_.set("uGroupOrigin", gx0, gy0);
    brush_.set("uGroupsX", brushTilesX_);
    brush_.set("uSlotBase", brushSlotBase_);
    brush_.set("uKind", int(s.kind));
    brush_.set("uPass", 0);
    brush_.set("uCentre", s.x, s.y);
    brush_.set("uRadius", s.radiusCells);
    brush_.set("uFalloff", s.falloff);
    brush_.set("uStrength", s.strength);
    brush_.set("uDt", s.dtSeconds);
    brush_.set("uTarget", s.targetHeightM);
    brush_.set("uSoft", softAt(layerHalf_));
    brush_.set("uHardness", sectionAt(SLUICE_EROSION_HARDNESS));
    brush_.use();
    glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (smooth) {
        brush_.set("uPass", 1);
        glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (isTerrainBrush(s.kind)) rebase(CellBox{box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0});
    // Painted layers change neither water nor bed: dry groups stay dry and may still be skipped.
    if (!material) markAllTilesActive();
}

void GpuSolver::setTerrain(const std::vector<float>& terrainM) {
    assert(terrainM.size() == std::size_t(width_) * std::size_t(height_));
    // Ordered after earlier dispatches by GL; later dispatches see the new bed.
    const FieldLayout layout = fieldLayout();
    terrain_.upload(layout.laidOut(terrainM.data(), width_, height_).data(), layout.words() * sizeof(float));
    rebase(CellBox{0, 0, width_, height_});
}

// The load lives behind the bed in the terrain buffer (a second field from word fieldSpan() on,
// allocated on first use): the fused kernel already uses the 16 storage blocks a kernel may use on
// NVIDIA.
void GpuSolver::bodyLoadChanged() {
    const std::vector<float>& loadM = bodyLoadM_;
    assert(loadM.empty() || loadM.size() == std::size_t(width_) * std::size_t(height_));
    bodyLoad_ = !loadM.empty();
    if (!bodyLoad_) return;
    const FieldLayout layout = fieldLayout();
    const std::size_t bytes = layout.words() * 4;
    if (terrain_.bytes() < 2 * bytes) {
        gl::Buffer both(2 * bytes);
        glCopyNamedBufferSubData(terrain_.id(), both.id(), 0, 0, GLsizeiptr(bytes));
        terrain_ = std::move(both);
    }
    // Wet groups run anyway and a load over dry cells moves nothing, so no group needs waking.
    terrain_.upload(layout.laidOut(loadM.data(), width_, height_).data(), bytes, bytes);
}

// Only the cells that may have changed go up (a few thousand around the bodies, not the grid's W*H),
// scattered into place by scatter_load.comp.
void GpuSolver::bodyLoadCellsChanged(const std::vector<std::uint32_t>& changed) {
    const FieldLayout layout = fieldLayout();
    constexpr std::size_t kGroup = 64, kMaxGroups = 65535;  // GL's guaranteed minimum of groups along x
    // A new load half, or more cells than one dispatch reaches: the whole load goes up.
    if (!bodyLoad_ || terrain_.bytes() < 2 * layout.words() * 4 || changed.size() > kGroup * kMaxGroups)
        return bodyLoadChanged();
    if (changed.empty()) return;
    std::vector<std::uint32_t> pairs(2 * changed.size());  // (word, bits) for each changed cell
    for (std::size_t k = 0; k < changed.size(); ++k) {
        const int x = int(changed[k] % std::uint32_t(width_)), y = int(changed[k] / std::uint32_t(width_));
        pairs[2 * k] = std::uint32_t(layout.at(x, y));
        std::memcpy(&pairs[2 * k + 1], &bodyLoadM_[changed[k]], 4);
    }
    const std::size_t count = changed.size();
    const std::size_t bytes = pairs.size() * 4;
    if (loadCells_.bytes() < bytes) loadCells_ = gl::Buffer(bytes * 2);
    loadCells_.upload(pairs.data(), bytes);
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    loadCells_.bindStorage(SLUICE_BIND_GATHER_RECTS);
    scatterLoad_.use();
    scatterLoad_.set("uCount", GLuint(count));
    scatterLoad_.set("uBase", GLuint(layout.words()));
    glDispatchCompute(GLuint((count + kGroup - 1) / kGroup), 1, 1);
    // The step's kernels read the bed (and so the load) through storage buffers.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuSolver::restoreFields(const FieldSnapshot& f) {
    const FieldLayout layout = fieldLayout();
    const std::size_t bytes = layout.words() * 4;
    const int W = width_, H = height_;
    terrain_.upload(layout.laidOut(f.terrainM.data(), W, H).data(), bytes);
    // Saved flows are the effective ones, which is what the buffers hold between dispatches, so the
    // run continues as if never interrupted.
    depth_[depthCur_].upload(layout.laidOut(f.depthUnits.data(), W, H).data(), bytes);
    const auto& prev = f.prevDepthUnits.empty() ? f.depthUnits : f.prevDepthUnits;
    depth_[1 - depthCur_].upload(layout.laidOut(prev.data(), W, H).data(), bytes);
    flowX_[flow_].upload(layout.laidOut(f.flowXM3PerS.data(), W + 1, H).data(), bytes);
    flowY_[flow_].upload(layout.laidOut(f.flowYM3PerS.data(), W, H + 1).data(), bytes);
    const std::size_t v0 = std::size_t(velocityAt(velHalf_)) * 4;
    if (!f.faceVelocityXMS.empty()) faceVelocity_.upload(layout.laidOut(f.faceVelocityXMS.data(), W + 1, H).data(), bytes, v0);
    if (!f.faceVelocityYMS.empty()) faceVelocity_.upload(layout.laidOut(f.faceVelocityYMS.data(), W, H + 1).data(), bytes, v0 + bytes);
    storeErosion(f.erosion);
    markAllTilesActive();
}

void GpuSolver::restoreLedger(std::int64_t added, std::int64_t removed) {
    // Integer sums do not depend on their order: the totals go into the first slot pair. Erosion's
    // slots after the water's are left alone (restoreSediment).
    std::vector<std::int64_t> fresh(2 * waterSlots_, 0);
    fresh[0] = added;
    fresh[1] = removed;
    ledger_.upload(fresh.data(), fresh.size() * sizeof(std::int64_t));
}

void GpuSolver::restoreSpeeds(SpeedReading r) {
    GpuStats stats{};
    std::memcpy(&stats.maxSpeedBits, &r.demand, sizeof(float));
    std::memcpy(&stats.allowedSpeedBits, &r.allowed, sizeof(float));
    stats_.upload(&stats, sizeof(stats));
}

gl::Buffer* GpuSolver::fieldBuffer(Field field, std::size_t& offsetCells) {
    offsetCells = 0;
    switch (field) {
        case Field::Terrain: return &terrain_;
        case Field::Depth: return &depth_[depthCur_];
        case Field::Soft:
            offsetCells = std::size_t(softAt(layerHalf_));
            return hasErosionState() ? &erosion_ : nullptr;
        case Field::Hardness:  // float bits, as the section holds them
            offsetCells = std::size_t(sectionAt(SLUICE_EROSION_HARDNESS));
            return hasErosionState() ? &erosion_ : nullptr;
    }
    return nullptr;
}

void GpuSolver::readRegion(Field field, const CellBox& box, std::uint32_t* out) {
    std::size_t base = 0;
    const gl::Buffer* src = fieldBuffer(field, base);
    if (!src) {
        std::fill_n(out, box.cellCount(), 0u);
        return;
    }
    if (box.cellCount() == 0) return;
    // The box lies in one stretch of the buffer: one read, then its cells picked out.
    const FieldLayout layout = fieldLayout();
    const std::size_t first = layout.spanFirst(box.x0, box.y0);
    std::vector<std::uint32_t> words(layout.spanWords(box.x0, box.y0, box.w, box.h));
    src->download(words.data(), words.size() * 4, (base + first) * 4);
    layout.pickOut(words.data(), first, box.x0, box.y0, box.w, box.h, out);
}

void GpuSolver::storeRegion(Field field, const CellBox& box, const std::uint32_t* values) {
    std::size_t base = 0;
    gl::Buffer* dst = fieldBuffer(field, base);
    if (!dst) return;
    if (field == Field::Depth) markAllTilesActive();
    // One upload per stretch of a row that is contiguous (the row's, or its part within a tile or
    // strip); edits are small and rare (undo/redo), so simplicity wins over a scatter pass.
    const FieldLayout layout = fieldLayout();
    for (int r = 0; r < box.h; ++r) {
        const std::uint32_t* row = values + std::size_t(r) * std::size_t(box.w);
        layout.forEachRun(box.y0 + r, box.x0, box.x0 + box.w, [&](int begin, int end, std::size_t word) {
            dst->upload(row + (begin - box.x0), std::size_t(end - begin) * 4, (base + word) * 4);
        });
    }
    if (field == Field::Terrain) rebase(box);
}

void GpuSolver::bookLedger(std::int64_t added, std::int64_t removed) {
    std::int64_t slot[2];
    ledger_.download(slot, sizeof(slot));
    slot[0] += added;
    slot[1] += removed;
    ledger_.upload(slot, sizeof(slot));
}

FieldSnapshot GpuSolver::download() {
    FieldSnapshot s;
    s.width = width_;
    s.height = height_;
    s.cellSizeM = cellSizeM_;
    const FieldLayout layout = fieldLayout();
    const std::size_t v0 = std::size_t(velocityAt(velHalf_));
    // Each field read whole, its values picked out of the tiles into rows of `columns`.
    std::vector<std::uint32_t> words(layout.words());
    std::vector<std::uint32_t> values;
    auto read = [&](const gl::Buffer& b, std::size_t firstWord, int columns, int rows, auto& out) {
        b.download(words.data(), words.size() * 4, firstWord * 4);
        values.resize(std::size_t(columns) * std::size_t(rows));
        layout.pickOut(words.data(), 0, 0, 0, columns, rows, values.data());
        out.resize(values.size());
        static_assert(sizeof(out[0]) == 4);
        std::memcpy(out.data(), values.data(), values.size() * 4);
    };
    const int w = width_, h = height_;
    read(terrain_, 0, w, h, s.terrainM);
    read(depth_[depthCur_], 0, w, h, s.depthUnits);
    read(depth_[1 - depthCur_], 0, w, h, s.prevDepthUnits);
    read(flowX_[flow_], 0, w + 1, h, s.flowXM3PerS);
    read(flowY_[flow_], 0, w, h + 1, s.flowYM3PerS);
    read(faceVelocity_, v0, w + 1, h, s.faceVelocityXMS);
    read(faceVelocity_, v0 + layout.words(), w, h + 1, s.faceVelocityYMS);
    fillDepthMetres(s);
    s.erosion = erosionField();
    return s;
}

}  // namespace sluice::sim
