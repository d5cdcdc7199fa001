#include "app/bench/arithmetic_ceiling.hpp"

#include <string>

#include "app/bench/timed_rate.hpp"
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/water_uniforms.hpp"

namespace sluice::app {

namespace {

// water_patch.comp's defines for patches of w x h cells: each phase as one call per cell, with the
// cell's and its neighbours' indices as literals (the patch is periodic).
std::string patchDefines(sim::WaterModel model, int w, int h) {
    const bool swe = model == sim::WaterModel::Swe;
    std::string phase[6];
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const auto at = [&](int dx, int dy) { return std::to_string(((y + dy) % h + h) % h * w + ((x + dx) % w + w) % w); };
            const std::string c = at(0, 0), xy = std::to_string(x) + ", " + std::to_string(y);
            const std::string back = at(-1, 0) + ", " + at(0, -1), ahead = at(1, 0) + ", " + at(0, 1);
            phase[0] += "load(" + c + ", " + xy + "); ";
            phase[1] += swe ? "sweRawFaces(" + c + ", " + at(-1, 0) + ", " + at(-2, 0) + ", " + at(1, 0) + ", " + at(2, 0) + ", " +
                                  at(0, -1) + ", " + at(0, -2) + ", " + at(0, 1) + ", " + at(0, 2) + ", " + at(-1, 1) + ", " +
                                  at(1, -1) + "); "
                            : "rawFaces(" + c + ", " + back + "); ";
            phase[2] += "outflowOf(" + c + ", " + ahead + "); ";
            phase[3] += "limit(" + c + ", " + back + "); ";
            phase[4] += "update(" + c + ", " + ahead + "); ";
            phase[5] += "store(" + c + ", " + xy + "); ";
        }
    const char* names[6] = {"LOAD", "FACES", "OUTFLOWS", "LIMITS", "UPDATES", "STORE"};
    std::string d = "#define SLUICE_PATCH_MODEL " + std::string(swe ? "1" : "0") + "\n#define SLUICE_PATCH_W " + std::to_string(w) +
                    "\n#define SLUICE_PATCH_H " + std::to_string(h) + "\n";
    for (int i = 0; i < 6; ++i) d += std::string("#define SLUICE_PATCH_") + names[i] + " " + phase[i] + "\n";
    return d;
}

// The kernel and its buffers for one WaterPatches; run(n) dispatches n times.
struct PatchKernel {
    gl::Program program;
    gl::Buffer bed, depth, flowX, flowY, velocity, speeds;
    int groupsX = 0, groupsY = 0;

    static Result<PatchKernel> create(const sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM,
                                      float gravity, int substeps) {
        auto program = gl::Program::compute("sim/water_patch.comp", patchDefines(p.model, p.patchW, p.patchH));
        if (!program) return program.error();
        const std::size_t cells = p.bed.size(), patches = p.demand.size();
        std::vector<float> velocities(p.velocityX);
        velocities.insert(velocities.end(), p.velocityY.begin(), p.velocityY.end());
        PatchKernel k{std::move(*program),
                      gl::Buffer(cells * 4, p.bed.data()),
                      gl::Buffer(cells * 4, p.depth.data()),
                      gl::Buffer(cells * 4, p.flowX.data()),
                      gl::Buffer(cells * 4, p.flowY.data()),
                      gl::Buffer(cells * 8, velocities.data()),
                      gl::Buffer(patches * 8),
                      (p.width / p.patchW + 127) / 128,
                      p.height / p.patchH};
        const gl::Program& g = k.program;
        g.set("uSize", p.width, p.height);
        g.set("uSubsteps", substeps);
        sim::setWaterUniforms(g, c, cellSizeM, gravity);
        return k;
    }

    void run(int n) const {
        bed.bindStorage(SLUICE_BIND_TERRAIN);
        depth.bindStorage(SLUICE_BIND_DEPTH_IN);
        flowX.bindStorage(SLUICE_BIND_FLOW_X);
        flowY.bindStorage(SLUICE_BIND_FLOW_Y);
        velocity.bindStorage(SLUICE_BIND_FACE_VELOCITY);
        speeds.bindStorage(SLUICE_BIND_STATS);
        program.use();
        for (int i = 0; i < n; ++i) {
            glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    }
};

}  // namespace

Result<void> stepWaterPatchesGpu(sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM, float gravity,
                                 int substeps) {
    auto k = PatchKernel::create(p, c, cellSizeM, gravity, substeps);
    if (!k) return k.error();
    k->run(1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const std::size_t cells = p.bed.size();
    k->depth.download(p.depth.data(), cells * 4);
    k->flowX.download(p.flowX.data(), cells * 4);
    k->flowY.download(p.flowY.data(), cells * 4);
    k->velocity.download(p.velocityX.data(), cells * 4);
    k->velocity.download(p.velocityY.data(), cells * 4, cells * 4);
    std::vector<float> speeds(p.demand.size() * 2);
    k->speeds.download(speeds.data(), speeds.size() * 4);
    for (std::size_t i = 0; i < p.demand.size(); ++i) {
        p.demand[i] = speeds[2 * i];
        p.allowed[i] = speeds[2 * i + 1];
    }
    return {};
}

Result<double> measureArithmeticCeiling(const sim::Scene& scene, float dtSub, int patchW, int patchH, int substepsPerDispatch,
                                        double minSeconds) {
    const sim::WaterPatches p = sim::waterPatchesFromScene(scene, patchW, patchH);
    auto k = PatchKernel::create(p, sim::waterPatchConstants(scene, dtSub), scene.cellSizeM, scene.params.gravity,
                                 substepsPerDispatch);
    if (!k) return k.error();
    const double dispatches = timedRate(
        [&](int n) {
            k->run(n);
            glFinish();
        },
        minSeconds);
    return dispatches * double(substepsPerDispatch) * double(p.bed.size());
}

}  // namespace sluice::app
