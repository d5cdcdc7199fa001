#include "sim/gpu_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sim/substep_constants.hpp"

#include "sim/brush_math.hpp"

namespace sluice::sim {

using namespace sluice::sim::gpu;

namespace {
std::string mib(double bytes) { return std::to_string(int(bytes / (1024.0 * 1024.0) + 0.5)) + " MiB"; }
}  // namespace

Result<std::unique_ptr<GpuSolver>> GpuSolver::create(const Scene& scene) {
    if (!glDispatchCompute) return Error{"GPU solver: no OpenGL 4.5 context is current"};
    auto solver = std::unique_ptr<GpuSolver>(new GpuSolver(scene));
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
    const std::size_t largest = std::max((W + 1) * H, W * (H + 1)) * sizeof(float);
    GLint64 maxBlock = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    const std::string grid = "grid " + std::to_string(W) + "x" + std::to_string(H);
    if (maxBlock > 0 && GLint64(largest) > maxBlock)
        return Error{grid + " is larger than this GPU allows: one array needs " + mib(double(largest)) +
                     ", GL_MAX_SHADER_STORAGE_BLOCK_SIZE is " + mib(double(maxBlock))};
    GLint maxGroups[2] = {0, 0};
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &maxGroups[0]);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &maxGroups[1]);
    // The most stream groups (and ledger slots) belong to the narrowest tiles and the fewest rows.
    const int narrowest = streamTileWidth(kMinStreamWidth, kMaxSubstepsPerDispatch);
    const int streamX = (width_ + narrowest - 1) / narrowest;
    const int streamY = (height_ + kMinStreamRows - 1) / kMinStreamRows;
    if (streamX > maxGroups[0] || streamY > maxGroups[1])
        return Error{grid + " needs more compute work groups than this GPU allows (" + std::to_string(maxGroups[0]) +
                     " x " + std::to_string(maxGroups[1]) + ")"};

    subgroups_ = hasComputeSubgroupArithmetic();
    for (int s = 1; s <= kMaxSubstepsPerDispatch; ++s) {  // the default variants; others on first use
        auto stream = compileStream(s, kDefaultStreamWidth);
        if (!stream) return stream.error();
        stream_.emplace(streamKey(s, kDefaultStreamWidth), std::move(*stream));
    }
    auto flux = gl::Program::compute("sim/pipe_flux.comp");
    if (!flux) return flux.error();
    auto depthPass = gl::Program::compute("sim/pipe_depth.comp");
    if (!depthPass) return depthPass.error();
    flux_ = std::move(*flux);
    depthPass_ = std::move(*depthPass);
    auto reduce = gl::Program::compute("sim/reduce.comp");
    if (!reduce) return reduce.error();
    auto brush = gl::Program::compute("sim/brush.comp");
    if (!brush) return brush.error();
    reduce_ = std::move(*reduce);
    brush_ = std::move(*brush);

    while (glGetError() != GL_NO_ERROR) {
    }
    terrain_ = gl::Buffer(cells * 4, scene.terrainM.data());
    const std::vector<float> zeros(std::max((W + 1) * H, W * (H + 1)), 0.0f);
    blocksX_ = (width_ + SLUICE_FLAG_BLOCK - 1) / SLUICE_FLAG_BLOCK;
    const int blocksY = (height_ + SLUICE_FLAG_BLOCK - 1) / SLUICE_FLAG_BLOCK;
    for (int i = 0; i < 2; ++i) {
        depth_[i] = gl::Buffer(cells * 4, scene.depthM.data());
        flowX_[i] = gl::Buffer((W + 1) * H * 4, zeros.data());
        flowY_[i] = gl::Buffer(W * (H + 1) * 4, zeros.data());
        flags_[i] = gl::Buffer(std::size_t(blocksX_) * std::size_t(blocksY) * 4);
    }
    markAllTilesActive();
    active_ = double(width_) * double(height_) >= kAutoSweepCells ? Kernel::Stream : Kernel::TwoPass;
    // Ledger slots: one per step work group (the most of either kernel), then one per brush tile.
    passGroupsX_ = (width_ + SLUICE_PASS_GROUP_X - 1) / SLUICE_PASS_GROUP_X;
    passGroupsY_ = (height_ + SLUICE_PASS_GROUP_Y - 1) / SLUICE_PASS_GROUP_Y;
    brushTilesX_ = (width_ + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE;
    const int brushTilesY = (height_ + SLUICE_BRUSH_TILE - 1) / SLUICE_BRUSH_TILE;
    brushSlotBase_ = std::max(streamX * streamY, passGroupsX_ * passGroupsY_);
    const std::size_t slots = std::size_t(brushSlotBase_) + std::size_t(brushTilesX_) * std::size_t(brushTilesY);
    std::vector<double> zeroLedger(2 * slots, 0.0);
    ledger_ = gl::Buffer(zeroLedger.size() * sizeof(double), zeroLedger.data());
    GpuStats stats{};
    stats_ = gl::Buffer(sizeof(GpuStats), &stats);
    partials_ = gl::Buffer(SLUICE_REDUCE_GROUPS * sizeof(GpuReducePartial));
    emitters_ = gl::Buffer(sizeof(GpuEmitter) * 16);
    if (glGetError() == GL_OUT_OF_MEMORY)
        return Error{grid + " does not fit in GPU memory (needs about " + mib(bytesPerCell() * double(cells)) + ")"};
    setInitialVolume(depthStats().volumeM3);
    return {};
}

double GpuSolver::bytesPerCell() const {
    const double cells = double(width_) * double(height_);
    double total = double(terrain_.bytes() + ledger_.bytes());
    for (int i = 0; i < 2; ++i) total += double(depth_[i].bytes() + flowX_[i].bytes() + flowY_[i].bytes() + flags_[i].bytes());
    total += double(stripRawX_.bytes() + stripRawY_.bytes());
    return total / cells;
}

bool GpuSolver::hasComputeSubgroupArithmetic() {
    // GL_KHR_shader_subgroup enums (not in every glad build).
    constexpr GLenum kSubgroupSize = 0x9532, kStages = 0x9533, kFeatures = 0x9534;
    constexpr GLint kArithmeticBit = 0x4, kBasicBit = 0x1;
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    bool found = false;
    for (GLint e = 0; e < count && !found; ++e) {
        const char* name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(e)));
        found = name && std::strcmp(name, "GL_KHR_shader_subgroup") == 0;
    }
    if (!found) return false;
    GLint size = 0, stages = 0, features = 0;
    glGetIntegerv(kSubgroupSize, &size);
    glGetIntegerv(kStages, &stages);
    glGetIntegerv(kFeatures, &features);
    // The stream kernel keeps partial sums for at most (invocations per group) / 16 subgroups.
    return size >= 16 && (stages & GL_COMPUTE_SHADER_BIT) != 0 && (features & kBasicBit) != 0 &&
           (features & kArithmeticBit) != 0;
}

int GpuSolver::streamTileWidth(int groupWidth, int substeps) { return groupWidth - 4 * substeps; }

int GpuSolver::autoStreamRows(int width, int height, int groupWidth, int substeps) {
    // Aim for at least kStreamGroupsWanted groups (several per multiprocessor on the largest GPUs, so
    // that one waiting at its barrier leaves others to run), with as many rows as that allows: each
    // tile streams 2 S + 3 (S - 1) + 2 rows it does not keep.
    constexpr int kStreamGroupsWanted = 4096;
    const int side = streamTileWidth(groupWidth, substeps);
    const int groupsX = (width + side - 1) / side;
    int rows = 64;  // 128 measured slower on an H200 (docs/PERFORMANCE.md)
    while (rows > kMinStreamRows && groupsX * ((height + rows - 1) / rows) < kStreamGroupsWanted) rows /= 2;
    return rows;
}

int GpuSolver::streamRows() const {
    return tuning_.streamRows > 0 ? tuning_.streamRows
                                  : autoStreamRows(width_, height_, streamWidth(), tuning_.substepsPerDispatch);
}

int GpuSolver::tileCount() const {
    if (active_ == Kernel::TwoPass) return passGroupsX_ * passGroupsY_;
    const int side = streamTileWidth(streamWidth(), tuning_.substepsPerDispatch), rows = streamRows();
    return ((width_ + side - 1) / side) * ((height_ + rows - 1) / rows);
}

double GpuSolver::streamBytesPerCellStep(int substepsPerDispatch) { return 28.0 / double(std::max(1, substepsPerDispatch)); }

void GpuSolver::setTuning(const Tuning& t) {
    tuning_ = t;
    if (t.kernel != Kernel::Auto) active_ = t.kernel;
    tuning_.substepsPerDispatch = std::clamp(t.substepsPerDispatch, 1, kMaxSubstepsPerDispatch);
    // Strips: even rows (pass groups are 2 rows high and boundaries move 2 rows a substep), at least 8,
    // and short enough sweeps that the first strip keeps rows at every substep.
    tuning_.stripRows = t.stripRows > 0 ? std::max(8, t.stripRows / 2 * 2) : 0;
    tuning_.sweepSubsteps = std::clamp(t.sweepSubsteps, 1, std::max(1, tuning_.stripRows / 4));
    if (tuning_.streamRows != 0)
        tuning_.streamRows = std::clamp(tuning_.streamRows / SLUICE_FLAG_BLOCK * SLUICE_FLAG_BLOCK, kMinStreamRows, kMaxStreamRows);
    if (tuning_.streamWidth != 0) {
        int w = kMinStreamWidth;  // a power of two
        while (w < t.streamWidth && w < kMaxStreamWidth) w *= 2;
        tuning_.streamWidth = w;
    }
}

Result<gl::Program> GpuSolver::compileStream(int substeps, int width) const {
    return gl::Program::compute("sim/pipe_stream.comp", "#define SLUICE_STREAM_SUBSTEPS " + std::to_string(substeps) +
                                                            "\n#define SLUICE_STREAM_COLUMNS " + std::to_string(width) +
                                                            "\n#define SLUICE_SUBGROUPS " + (subgroups_ ? "1" : "0") + "\n");
}

const gl::Program& GpuSolver::streamProgram(int substeps) {
    const int key = streamKey(substeps, streamWidth());
    auto found = stream_.find(key);
    if (found != stream_.end()) return found->second;
    auto p = compileStream(substeps, streamWidth());
    if (!p) {
        // The same source compiled for the default variants in create(): a driver fault, not input.
        std::fprintf(stderr, "GPU solver: %s\n", p.error().message.c_str());
        std::abort();
    }
    return stream_.emplace(key, std::move(*p)).first->second;
}

void GpuSolver::markAllTilesActive() { flags_[flagsCur_].fill32(SLUICE_TILE_WET | SLUICE_TILE_WAS_WET); }

void GpuSolver::resetTileCount() {
    const std::uint32_t zero = 0;
    stats_.upload(&zero, sizeof(zero), offsetof(GpuStats, tilesRun));
    dispatchesCounted_ = 0;
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

void GpuSolver::advance(float dtSub, int n) {
    if (n <= 0) return;
    const SubstepConstants c = prepareSubstep(dtSub, cellSizeM_, width_, height_, params_, boundary_, sources_, drains_);
    std::vector<GpuEmitter> em;
    em.reserve(c.emitters.size());
    for (const PreparedEmitter& e : c.emitters)
        em.push_back(GpuEmitter{e.x, e.y, e.radius2, e.amountM, e.levelM, int(e.mode), e.sign, e.singleCell ? 1 : 0,
                                e.box.x0, e.box.y0, e.box.x1, e.box.y1});
    uploadEmitters(em);

    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    emitters_.bindStorage(SLUICE_BIND_EMITTERS);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    stats_.bindStorage(SLUICE_BIND_STATS);
    const Kernel kernel = chooseKernel();
    if (kernel == Kernel::TwoPass) {
        advanceTwoPass(c, int(em.size()), n);
        return;
    }
    advanceStream(c, int(em.size()), n);
}

void GpuSolver::advanceStream(const SubstepConstants& c, int emitterCount, int n) {
    const int rows = streamRows();
    for (int s = 1; s <= std::min(n, tuning_.substepsPerDispatch); ++s) {
        const gl::Program& p = streamProgram(s);
        setPipeUniforms(p, c, emitterCount);
        p.set("uSkipDry", tuning_.skipDryTiles ? 1 : 0);
        p.set("uAllActive", c.rainM > 0.0f ? 1 : 0);
        p.set("uCountTiles", countingTiles() ? 1 : 0);
        p.set("uRows", rows);
    }
    dispatchesCounted_ += (n + tuning_.substepsPerDispatch - 1) / tuning_.substepsPerDispatch;
    // Blocks of substepsPerDispatch, then the remainder; every split gives the same bits.
    for (int done = 0; done < n;) {
        const int k = std::min(tuning_.substepsPerDispatch, n - done);
        depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
        depth_[1 - depthCur_].bindStorage(SLUICE_BIND_DEPTH_OUT);
        flowX_[flow_].bindStorage(SLUICE_BIND_FLOW_X);
        flowY_[flow_].bindStorage(SLUICE_BIND_FLOW_Y);
        flowX_[1 - flow_].bindStorage(SLUICE_BIND_FLOW_X_OUT);
        flowY_[1 - flow_].bindStorage(SLUICE_BIND_FLOW_Y_OUT);
        flags_[flagsCur_].bindStorage(SLUICE_BIND_TILES_IN);
        flags_[1 - flagsCur_].bindStorage(SLUICE_BIND_TILES_OUT);
        streamProgram(k).use();
        const int side = streamTileWidth(streamWidth(), k);
        glDispatchCompute(GLuint((width_ + side - 1) / side), GLuint((height_ + rows - 1) / rows), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        depthCur_ = 1 - depthCur_;
        flow_ = 1 - flow_;
        flagsCur_ = 1 - flagsCur_;
        done += k;
    }
}

void GpuSolver::setPipeUniforms(const gl::Program& p, const SubstepConstants& c, int emitterCount) const {
    p.set("uSize", width_, height_);
    p.set("uFrictionFactor", c.frictionFactor);
    p.set("uGravityDt", c.gravityDt);
    p.set("uViscosityTerm", c.viscosityTerm);
    p.set("uCellSize", cellSizeM_);
    p.set("uGravity", params_.gravity);
    glProgramUniform4i(p.id(), p.location("uBoundaryKind"), c.boundaryKind[0], c.boundaryKind[1], c.boundaryKind[2],
                       c.boundaryKind[3]);
    glProgramUniform4f(p.id(), p.location("uInflowQ"), c.inflowQ[0], c.inflowQ[1], c.inflowQ[2], c.inflowQ[3]);
    p.set("uDx2OverDt", c.dx2OverDt);
    p.set("uDtOverDx2", c.dtOverDx2);
    p.set("uRain", c.rainM);
    p.set("uEvaporation", c.evaporationM);
    p.set("uCellArea", cellSizeM_ * cellSizeM_);
    p.set("uEmitterCount", emitterCount);
    p.set("uLedgerActive", c.ledgerActive ? 1 : 0);
}

GpuSolver::Kernel GpuSolver::chooseKernel() {
    if (tuning_.kernel != Kernel::Auto) active_ = tuning_.kernel;
    // The kernels keep activity flags at different granularities: after a switch every group runs
    // until the flags describe the state again.
    if (active_ != flagsKernel_) {
        markAllTilesActive();
        flagsKernel_ = active_;
    }
    return active_;
}

void GpuSolver::autoChoose(std::uint32_t tilesRun) {
    if (tuning_.kernel != Kernel::Auto) return;
    Kernel next = active_;
    if (dispatchesCounted_ > 0 && ++stepsSinceSwitch_ > 2) {  // after a switch every group runs twice
        const double share = double(tilesRun) / (double(dispatchesCounted_) * double(tileCount()));
        if (active_ == Kernel::TwoPass && share < kAutoStreamBelow) next = Kernel::Stream;
        if (active_ == Kernel::Stream && share > kAutoTwoPassAbove) next = Kernel::TwoPass;
    }
    if (next != active_) {
        active_ = next;
        stepsSinceSwitch_ = 0;
    }
}

float GpuSolver::peekMaxSpeed() {
    GpuStats s{};
    stats_.download(&s, sizeof(s));
    lastTilesRun_ = s.tilesRun;  // the same 16 bytes: the kernel choice costs no readback of its own
    float v;
    std::memcpy(&v, &s.maxSpeedBits, sizeof(v));
    return v;
}

void GpuSolver::resetMaxSpeed() {
    // Once per step (Solver::step), after its peek at the last step's statistics: the step boundary
    // where Kernel::Auto may switch.
    autoChoose(lastTilesRun_);
    stats_.fill32(0u);
    dispatchesCounted_ = 0;
}

void GpuSolver::reduce(GpuReducePartial& total) {
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    partials_.bindStorage(SLUICE_BIND_REDUCE_OUT);
    reduce_.set("uCellCount", width_ * height_);
    reduce_.set("uLedgerSlots", int(ledger_.bytes() / (2 * sizeof(double))));
    reduce_.use();
    glDispatchCompute(SLUICE_REDUCE_GROUPS, 1, 1);
    std::vector<GpuReducePartial> parts(SLUICE_REDUCE_GROUPS);
    partials_.download(parts.data(), parts.size() * sizeof(GpuReducePartial));
    total = GpuReducePartial{0.0, 0.0, 0.0, 3.0e38f, -3.0e38f};
    for (const GpuReducePartial& p : parts) {
        total.volumeDepthSum += p.volumeDepthSum;
        total.addedM3 += p.addedM3;
        total.removedM3 += p.removedM3;
        total.minDepth = std::min(total.minDepth, p.minDepth);
        total.maxDepth = std::max(total.maxDepth, p.maxDepth);
    }
}

DepthStats GpuSolver::depthStats() {
    GpuReducePartial t{};
    reduce(t);
    DepthStats d;
    d.volumeM3 = t.volumeDepthSum * double(cellSizeM_) * double(cellSizeM_);
    d.minDepthM = t.minDepth;
    d.maxDepthM = t.maxDepth;
    return d;
}

void GpuSolver::addedRemoved(double& addedM3, double& removedM3) {
    GpuReducePartial t{};
    reduce(t);
    addedM3 = t.addedM3;
    removedM3 = t.removedM3;
}

void GpuSolver::applyBrush(const BrushStroke& s) {
    const brushmath::BrushBox box = brushmath::brushBox(s.x, s.y, s.radiusCells, width_, height_);
    if (box.empty() || !(s.dtSeconds > 0.0f)) return;
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
    glProgramUniform1d(brush_.id(), brush_.location("uCellArea"), double(cellSizeM_) * double(cellSizeM_));
    brush_.use();
    glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (smooth) {
        brush_.set("uPass", 1);
        glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    markAllTilesActive();
}

void GpuSolver::setTerrain(const std::vector<float>& terrainM) {
    assert(terrainM.size() == std::size_t(width_) * std::size_t(height_));
    // Ordered after earlier dispatches by GL; later dispatches see the new bed.
    terrain_.upload(terrainM.data(), terrainM.size() * sizeof(float));
}

void GpuSolver::restoreFields(const FieldSnapshot& f) {
    const std::size_t cells = std::size_t(width_) * std::size_t(height_);
    terrain_.upload(f.terrainM.data(), cells * 4);
    // Saved flows are the effective ones, which is what the buffers hold between dispatches, so the
    // run continues as if never interrupted.
    depth_[depthCur_].upload(f.depthM.data(), cells * 4);
    flowX_[flow_].upload(f.flowXM3PerS.data(), f.flowXM3PerS.size() * 4);
    flowY_[flow_].upload(f.flowYM3PerS.data(), f.flowYM3PerS.size() * 4);
    markAllTilesActive();
}

std::vector<double> GpuSolver::ledgerSlots() {
    std::vector<double> slots(ledger_.bytes() / sizeof(double));
    ledger_.download(slots.data(), ledger_.bytes());
    return slots;
}

void GpuSolver::restoreLedger(double addedM3, double removedM3, const std::vector<double>& slots) {
    if (slots.size() * sizeof(double) == ledger_.bytes()) {
        ledger_.upload(slots.data(), ledger_.bytes());
        return;
    }
    // Another backend's (or grid's) layout: put the totals in the first slot pair.
    std::vector<double> fresh(ledger_.bytes() / sizeof(double), 0.0);
    fresh[0] = addedM3;
    fresh[1] = removedM3;
    ledger_.upload(fresh.data(), ledger_.bytes());
}

void GpuSolver::restoreMaxSpeed(float speed) {
    GpuStats stats{};
    std::memcpy(&stats.maxSpeedBits, &speed, sizeof(speed));
    stats_.upload(&stats, sizeof(stats));
}

void GpuSolver::readRegion(Field field, const CellBox& box, float* out) {
    const gl::Buffer& src = field == Field::Terrain ? terrain_ : depth_[depthCur_];
    if (box.x0 == 0 && box.w == width_) {  // whole rows are contiguous: one read
        src.download(out, box.cellCount() * 4, std::size_t(box.y0) * std::size_t(width_) * 4);
        return;
    }
    // One read per row; edits are small and rare (undo/redo), so simplicity wins over a gather pass.
    for (int r = 0; r < box.h; ++r) {
        const std::size_t row = std::size_t(box.y0 + r) * std::size_t(width_) + std::size_t(box.x0);
        src.download(out + std::size_t(r) * std::size_t(box.w), std::size_t(box.w) * 4, row * 4);
    }
}

void GpuSolver::storeRegion(Field field, const CellBox& box, const float* values) {
    gl::Buffer& dst = field == Field::Terrain ? terrain_ : depth_[depthCur_];
    if (field == Field::Depth) markAllTilesActive();
    if (box.x0 == 0 && box.w == width_) {
        dst.upload(values, box.cellCount() * 4, std::size_t(box.y0) * std::size_t(width_) * 4);
        return;
    }
    for (int r = 0; r < box.h; ++r) {
        const std::size_t row = std::size_t(box.y0 + r) * std::size_t(width_) + std::size_t(box.x0);
        dst.upload(values + std::size_t(r) * std::size_t(box.w), std::size_t(box.w) * 4, row * 4);
    }
}

void GpuSolver::bookLedger(double addedM3, double removedM3) {
    double slot[2];
    ledger_.download(slot, sizeof(slot));
    slot[0] += addedM3;
    slot[1] += removedM3;
    ledger_.upload(slot, sizeof(slot));
}

FieldSnapshot GpuSolver::download() {
    FieldSnapshot s;
    const std::size_t W = std::size_t(width_), H = std::size_t(height_);
    s.width = width_;
    s.height = height_;
    s.cellSizeM = cellSizeM_;
    s.terrainM.resize(W * H);
    s.depthM.resize(W * H);
    s.flowXM3PerS.resize((W + 1) * H);
    s.flowYM3PerS.resize(W * (H + 1));
    terrain_.download(s.terrainM.data(), W * H * 4);
    depth_[depthCur_].download(s.depthM.data(), W * H * 4);
    flowX_[flow_].download(s.flowXM3PerS.data(), (W + 1) * H * 4);
    flowY_[flow_].download(s.flowYM3PerS.data(), W * (H + 1) * 4);
    return s;
}

}  // namespace sluice::sim
