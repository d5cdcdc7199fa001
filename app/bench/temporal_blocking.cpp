#include "app/bench/temporal_blocking.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "app/bench/timed_rate.hpp"
#include "gl/buffer.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/water_uniforms.hpp"

namespace sluice::app {

bool TileShape::fits(int sharedBytes) const {
    const int threads = x * threadRows;
    const bool cellRowsOk = cellRows == 1 || cellRows == 2 || cellRows == 4;
    return cellRowsOk && substeps >= 1 && innerW() > 0 && innerH() > 0 && threads <= 1024 &&
           (swe ? 28 : 20) * x * height() + 8 * threads <= sharedBytes;
}

double TileShape::bytesPerCellStep() const {
    const double tile = double(x) * height(), inner = double(innerW()) * innerH();
    const double read = swe ? 24.0 : 16.0, written = swe ? 20.0 : 12.0;
    return (read * tile / inner + written) / substeps;
}

int maxSharedBytes() {
    GLint v = 0;
    glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &v);
    return v;
}

namespace {

// The kernel for one shape and its ping-pong buffers; state `cur` is the one last written.
struct TileKernel {
    gl::Program program;
    gl::Buffer bed, depth[2], flowX[2], flowY[2], velocity[2], speeds;
    TileShape shape;
    int width = 0, height = 0, groupsX = 0, groupsY = 0, cur = 0;

    static Result<TileKernel> create(const sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM, float gravity,
                                     const TileShape& s) {
        if ((p.model == sim::WaterModel::Swe) != s.swe) return Error{"the tile's model is not the water's"};
        if (!s.fits(maxSharedBytes()) || p.width < s.x || p.height < s.height())
            return Error{"tile " + std::to_string(s.x) + "x" + std::to_string(s.height()) + " at " + std::to_string(s.substeps) +
                         " substeps does not fit this device or grid"};
        const std::string defines = "#define SLUICE_TILE_MODEL " + std::string(s.swe ? "1" : "0") + "\n#define SLUICE_TILE_X " + std::to_string(s.x) + "\n#define SLUICE_TILE_THREAD_ROWS " +
                                    std::to_string(s.threadRows) + "\n#define SLUICE_TILE_CELL_ROWS " + std::to_string(s.cellRows) +
                                    "\n#define SLUICE_TILE_SUBSTEPS " + std::to_string(s.substeps) + "\n";
        auto program = gl::Program::compute("sim/water_tile.comp", defines);
        if (!program) return program.error();
        const std::size_t bytes = p.bed.size() * 4;
        std::vector<float> velocities(p.velocityX);
        velocities.insert(velocities.end(), p.velocityY.begin(), p.velocityY.end());
        TileKernel k{std::move(*program),
                     gl::Buffer(bytes, p.bed.data()),
                     {gl::Buffer(bytes, p.depth.data()), gl::Buffer(bytes)},
                     {gl::Buffer(bytes, p.flowX.data()), gl::Buffer(bytes)},
                     {gl::Buffer(bytes, p.flowY.data()), gl::Buffer(bytes)},
                     {gl::Buffer(2 * bytes, velocities.data()), gl::Buffer(2 * bytes)},
                     {},
                     s,
                     p.width,
                     p.height,
                     (p.width + s.innerW() - 1) / s.innerW(),
                     (p.height + s.innerH() - 1) / s.innerH(),
                     0};
        k.speeds = gl::Buffer(std::size_t(k.groupsX) * std::size_t(k.groupsY) * 8);
        k.program.set("uSize", p.width, p.height);
        sim::setWaterUniforms(k.program, c, cellSizeM, gravity);
        return k;
    }

    // One pass over memory of n substeps (1 to shape.substeps).
    void pass(int n) {
        bed.bindStorage(SLUICE_BIND_TERRAIN);
        depth[cur].bindStorage(SLUICE_BIND_DEPTH_IN);
        depth[1 - cur].bindStorage(SLUICE_BIND_DEPTH_OUT);
        flowX[cur].bindStorage(SLUICE_BIND_FLOW_X);
        flowX[1 - cur].bindStorage(SLUICE_BIND_FLOW_X_OUT);
        flowY[cur].bindStorage(SLUICE_BIND_FLOW_Y);
        flowY[1 - cur].bindStorage(SLUICE_BIND_FLOW_Y_OUT);
        velocity[cur].bindStorage(SLUICE_BIND_FACE_VELOCITY);
        velocity[1 - cur].bindStorage(SLUICE_BIND_RAW_X);  // water_tile.comp writes its velocities there
        speeds.bindStorage(SLUICE_BIND_STATS);
        program.use();
        program.set("uSubsteps", n);
        glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        cur = 1 - cur;
    }
};

}  // namespace

Result<void> stepWaterTilesGpu(sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM, float gravity,
                               int substeps, const TileShape& shape) {
    if (p.patchW != p.width || p.patchH != p.height || p.demand.size() != 1)
        return Error{"stepWaterTilesGpu steps one periodic patch the size of the grid"};
    auto k = TileKernel::create(p, c, cellSizeM, gravity, shape);
    if (!k) return k.error();
    std::vector<float> tileSpeeds(std::size_t(k->groupsX) * std::size_t(k->groupsY) * 2);
    for (int done = 0; done < substeps;) {
        const int n = std::min(shape.substeps, substeps - done);
        k->pass(n);
        done += n;
        k->speeds.download(tileSpeeds.data(), tileSpeeds.size() * 4);
        for (std::size_t i = 0; i < tileSpeeds.size(); i += 2) {
            p.demand[0] = std::max(p.demand[0], tileSpeeds[i]);
            p.allowed[0] = std::max(p.allowed[0], tileSpeeds[i + 1]);
        }
    }
    const std::size_t bytes = p.bed.size() * 4;
    k->depth[k->cur].download(p.depth.data(), bytes);
    k->flowX[k->cur].download(p.flowX.data(), bytes);
    k->flowY[k->cur].download(p.flowY.data(), bytes);
    if (shape.swe) {  // the pipe kernel neither reads nor writes velocities: p keeps its own
        k->velocity[k->cur].download(p.velocityX.data(), bytes);
        k->velocity[k->cur].download(p.velocityY.data(), bytes, bytes);
    }
    return {};
}

Result<double> measureTemporalBlocking(const sim::Scene& scene, float dtSub, const TileShape& shape, double minSeconds) {
    const sim::WaterPatches p = sim::waterPatchesFromScene(scene, scene.width, scene.height);
    auto k = TileKernel::create(p, sim::waterPatchConstants(scene, dtSub), scene.cellSizeM, scene.params.gravity, shape);
    if (!k) return k.error();
    const double passes = timedRate(
        [&](int n) {
            for (int i = 0; i < n; ++i) k->pass(shape.substeps);
            glFinish();
        },
        minSeconds);
    return passes * double(shape.substeps) * double(p.bed.size());
}

}  // namespace sluice::app
