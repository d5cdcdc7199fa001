#include "sim/gpu_solver.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
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
    depthGroupsX_ = int((W + SLUICE_GROUP_X - 1) / SLUICE_GROUP_X);
    depthGroupsY_ = int((H + SLUICE_GROUP_Y - 1) / SLUICE_GROUP_Y);
    if (depthGroupsX_ + 1 > maxGroups[0] || depthGroupsY_ + 1 > maxGroups[1])
        return Error{grid + " needs more compute work groups than this GPU allows (" + std::to_string(maxGroups[0]) +
                     " x " + std::to_string(maxGroups[1]) + ")"};

    auto flux = gl::Program::compute("sim/pipe_flux.comp");
    if (!flux) return flux.error();
    auto depthPass = gl::Program::compute("sim/pipe_depth.comp");
    if (!depthPass) return depthPass.error();
    auto reduce = gl::Program::compute("sim/reduce.comp");
    if (!reduce) return reduce.error();
    auto brush = gl::Program::compute("sim/brush.comp");
    if (!brush) return brush.error();
    flux_ = std::move(*flux);
    depthPass_ = std::move(*depthPass);
    reduce_ = std::move(*reduce);
    brush_ = std::move(*brush);

    while (glGetError() != GL_NO_ERROR) {
    }
    terrain_ = gl::Buffer(cells * 4, scene.terrainM.data());
    depth_[0] = gl::Buffer(cells * 4, scene.depthM.data());
    depth_[1] = gl::Buffer(cells * 4, scene.depthM.data());
    std::vector<float> zeros(std::max((W + 1) * H, W * (H + 1)), 0.0f);
    flowX_ = gl::Buffer((W + 1) * H * 4, zeros.data());
    flowY_ = gl::Buffer(W * (H + 1) * 4, zeros.data());
    std::vector<float> ones(cells, 1.0f);
    limit_ = gl::Buffer(cells * 4, ones.data());
    const std::size_t slots = std::size_t(depthGroupsX_) * std::size_t(depthGroupsY_);
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
    double total = 0;
    for (const gl::Buffer* b : {&terrain_, &depth_[0], &depth_[1], &flowX_, &flowY_, &limit_, &ledger_})
        total += double(b->bytes());
    return total / cells;
}

double GpuSolver::bytesPerCellStep() {
    // Pass 1 reads b, h, k, Qx, Qy and writes Qx, Qy; pass 2 reads h, Qx, Qy and writes h, k.
    // Neighbour reads hit the cache, so each array counts once per pass: 7 + 5 arrays of 4 bytes.
    return 12.0 * 4.0;
}

void GpuSolver::substep(float dtSub) {
    const SubstepConstants c = prepareSubstep(dtSub, cellSizeM_, width_, height_, params_, boundary_, sources_, drains_);
    const int W = width_, H = height_;

    std::vector<GpuEmitter> em;
    em.reserve(c.emitters.size());
    for (const PreparedEmitter& e : c.emitters)
        em.push_back(GpuEmitter{e.x, e.y, e.radius2, e.amountM, e.levelM, int(e.mode), e.sign, e.singleCell ? 1 : 0,
                                e.box.x0, e.box.y0, e.box.x1, e.box.y1});
    if (em.size() != uploadedEmitters_.size() ||
        (!em.empty() && std::memcmp(em.data(), uploadedEmitters_.data(), em.size() * sizeof(GpuEmitter)) != 0)) {
        if (em.size() * sizeof(GpuEmitter) > emitters_.bytes())
            emitters_ = gl::Buffer(std::max<std::size_t>(em.size(), 16) * 2 * sizeof(GpuEmitter));
        if (!em.empty()) emitters_.upload(em.data(), em.size() * sizeof(GpuEmitter));
        uploadedEmitters_ = em;
    }

    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    depth_[current_].bindStorage(SLUICE_BIND_DEPTH_IN);
    depth_[1 - current_].bindStorage(SLUICE_BIND_DEPTH_OUT);
    flowX_.bindStorage(SLUICE_BIND_FLOW_X);
    flowY_.bindStorage(SLUICE_BIND_FLOW_Y);
    limit_.bindStorage(SLUICE_BIND_LIMIT);
    emitters_.bindStorage(SLUICE_BIND_EMITTERS);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    stats_.bindStorage(SLUICE_BIND_STATS);

    flux_.set("uSize", W, H);
    flux_.set("uFrictionFactor", c.frictionFactor);
    flux_.set("uGravityDt", c.gravityDt);
    flux_.set("uViscosityTerm", c.viscosityTerm);
    flux_.set("uCellSize", cellSizeM_);
    flux_.set("uGravity", params_.gravity);
    glProgramUniform4i(flux_.id(), flux_.location("uBoundaryKind"), c.boundaryKind[0], c.boundaryKind[1],
                       c.boundaryKind[2], c.boundaryKind[3]);
    glProgramUniform4f(flux_.id(), flux_.location("uInflowQ"), c.inflowQ[0], c.inflowQ[1], c.inflowQ[2], c.inflowQ[3]);
    flux_.use();
    gl::dispatchCovering(W + 1, H + 1, SLUICE_GROUP_X, SLUICE_GROUP_Y);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    depthPass_.set("uSize", W, H);
    depthPass_.set("uDx2OverDt", c.dx2OverDt);
    depthPass_.set("uDtOverDx2", c.dtOverDx2);
    depthPass_.set("uRain", c.rainM);
    depthPass_.set("uEvaporation", c.evaporationM);
    depthPass_.set("uCellArea", cellSizeM_ * cellSizeM_);
    depthPass_.set("uEmitterCount", int(em.size()));
    depthPass_.set("uLedgerActive", c.ledgerActive ? 1 : 0);
    depthPass_.use();
    glDispatchCompute(GLuint(depthGroupsX_), GLuint(depthGroupsY_), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    current_ = 1 - current_;
}

float GpuSolver::peekMaxSpeed() {
    GpuStats s{};
    stats_.download(&s, sizeof(s));
    float v;
    std::memcpy(&v, &s.maxSpeedBits, sizeof(v));
    return v;
}

void GpuSolver::resetMaxSpeed() { stats_.fill32(0u); }

void GpuSolver::reduce(GpuReducePartial& total) {
    depth_[current_].bindStorage(SLUICE_BIND_DEPTH_IN);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    partials_.bindStorage(SLUICE_BIND_REDUCE_OUT);
    reduce_.set("uCellCount", width_ * height_);
    reduce_.set("uLedgerSlots", depthGroupsX_ * depthGroupsY_);
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
    // Whole depth-pass groups (16x16, aligned to the global grid) that intersect the box, so each
    // dispatch group owns exactly one ledger slot.
    const int gx0 = box.x0 / SLUICE_GROUP_X, gy0 = box.y0 / SLUICE_GROUP_Y;
    const int gx1 = (box.x1 + SLUICE_GROUP_X - 1) / SLUICE_GROUP_X, gy1 = (box.y1 + SLUICE_GROUP_Y - 1) / SLUICE_GROUP_Y;
    const int groupsX = gx1 - gx0, groupsY = gy1 - gy0;
    const bool smooth = s.kind == BrushKind::Smooth;
    if (smooth) {
        const std::size_t bytes = std::size_t(groupsX) * std::size_t(groupsY) * SLUICE_GROUP_X * SLUICE_GROUP_Y * sizeof(float);
        if (brushScratch_.bytes() < bytes) brushScratch_ = gl::Buffer(bytes);
        brushScratch_.bindStorage(SLUICE_BIND_DEPTH_OUT);
    }
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    depth_[current_].bindStorage(SLUICE_BIND_DEPTH_IN);  // the current state (depthBuffer())
    ledger_.bindStorage(SLUICE_BIND_LEDGER);

    brush_.set("uSize", width_, height_);
    glProgramUniform4i(brush_.id(), brush_.location("uBox"), box.x0, box.y0, box.x1, box.y1);
    brush_.set("uGroupOrigin", gx0, gy0);
    brush_.set("uGroupsX", depthGroupsX_);
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
}

void GpuSolver::setTerrain(const std::vector<float>& terrainM) {
    assert(terrainM.size() == std::size_t(width_) * std::size_t(height_));
    // Ordered after earlier dispatches by GL; later dispatches see the new bed.
    terrain_.upload(terrainM.data(), terrainM.size() * sizeof(float));
}

void GpuSolver::restoreFields(const FieldSnapshot& f) {
    const std::size_t cells = std::size_t(width_) * std::size_t(height_);
    terrain_.upload(f.terrainM.data(), cells * 4);
    current_ = 0;
    depth_[0].upload(f.depthM.data(), cells * 4);
    depth_[1].upload(f.depthM.data(), cells * 4);
    // Saved flows are the effective ones; with every limit at 1 the next flux pass reproduces them
    // exactly (q * 1 == q), so the run continues as if never interrupted.
    flowX_.upload(f.flowXM3PerS.data(), f.flowXM3PerS.size() * 4);
    flowY_.upload(f.flowYM3PerS.data(), f.flowYM3PerS.size() * 4);
    limit_.fill32(0x3f800000u);  // 1.0f
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
    const gl::Buffer& src = field == Field::Terrain ? terrain_ : depth_[current_];
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
    gl::Buffer& dst = field == Field::Terrain ? terrain_ : depth_[current_];
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
    std::vector<float> k(W * H);
    terrain_.download(s.terrainM.data(), W * H * 4);
    depth_[current_].download(s.depthM.data(), W * H * 4);
    flowX_.download(s.flowXM3PerS.data(), (W + 1) * H * 4);
    flowY_.download(s.flowYM3PerS.data(), W * (H + 1) * 4);
    limit_.download(k.data(), W * H * 4);
    // The buffers hold raw flows; the state's flows are the limited ones (same product as pass 1).
    auto eff = [](float q, float kLow, float kHigh) { return q > 0.0f ? q * kLow : q * kHigh; };
    for (std::size_t y = 0; y < H; ++y)
        for (std::size_t i = 0; i <= W; ++i) {
            float& q = s.flowXM3PerS[y * (W + 1) + i];
            q = eff(q, i > 0 ? k[y * W + i - 1] : 1.0f, i < W ? k[y * W + i] : 1.0f);
        }
    for (std::size_t j = 0; j <= H; ++j)
        for (std::size_t x = 0; x < W; ++x) {
            float& q = s.flowYM3PerS[j * W + x];
            q = eff(q, j > 0 ? k[(j - 1) * W + x] : 1.0f, j < H ? k[j * W + x] : 1.0f);
        }
    return s;
}

}  // namespace sluice::sim
