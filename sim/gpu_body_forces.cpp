#include "sim/gpu_body_forces.hpp"

#include <algorithm>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

#include "sim/bodies/water_forces.hpp"
#include "sim/gpu_layout.hpp"

namespace sluice::sim {

Result<std::unique_ptr<GpuBodyForces>> GpuBodyForces::create(const std::string& exactDefines) {
    auto program = gl::Program::compute("sim/body_forces.comp", exactDefines);
    if (!program) return program.error();
    return std::unique_ptr<GpuBodyForces>(new GpuBodyForces(std::move(*program)));
}

void GpuBodyForces::put(gl::Buffer& buffer, const void* data, std::size_t bytes) {
    if (bytes == 0) return;
    if (buffer.bytes() < bytes) buffer = gl::Buffer(bytes * 2);
    buffer.upload(data, bytes);
}

void GpuBodyForces::setWater(const std::vector<const std::vector<BodySample>*>& samples, std::uint64_t samplesVersion,
                             const std::vector<const WaterField*>& waterOf, const HydroParams& hydro) {
    const std::size_t n = waterOf.size();
    rhoG_ = hydro.waterDensityKgPerM3 * hydro.gravity;
    tableHost_.assign(n * 8, 0);
    clear_.assign(n, 0.0f);
    // The samples: only when the bodies changed (a body's never do).
    std::int32_t first = 0;
    std::vector<float> packed;
    const bool newSamples = samplesVersion != samplesVersion_;
    for (std::size_t i = 0; i < n; ++i) {
        const std::vector<BodySample>& list = *samples[i];
        tableHost_[8 * i] = first;
        tableHost_[8 * i + 1] = std::int32_t(list.size());
        first += std::int32_t(list.size());
        if (newSamples)
            for (const BodySample& s : list) {
                const float words[8] = {s.centreM.x, s.centreM.y, s.centreM.z, s.volumeM3, s.halfM.x, s.halfM.y, s.halfM.z, 0.0f};
                packed.insert(packed.end(), words, words + 8);
            }
    }
    if (newSamples) {
        put(samples_, packed.data(), packed.size() * 4);
        samplesVersion_ = samplesVersion;
    }
    // Each body's window of cells, one after another, and where it lies on the grid.
    std::size_t cellCount = 0;
    for (const WaterField* w : waterOf) cellCount += w->cells().size();
    std::vector<WaterField::Cell> cells;
    cells.reserve(cellCount);
    for (std::size_t i = 0; i < n; ++i) {
        const WaterField& w = *waterOf[i];
        std::int32_t* row = &tableHost_[8 * i];
        row[2] = std::int32_t(cells.size());
        row[4] = w.windowX0();
        row[5] = w.windowY0();
        row[6] = w.windowWidth();
        row[7] = w.windowHeight();
        cells.insert(cells.end(), w.cells().begin(), w.cells().end());
        clear_[i] = clearOfWaterM(w);
        gridWidth_ = w.width();
        gridHeight_ = w.height();
        dx_ = w.cellSizeM();
    }
    static_assert(sizeof(WaterField::Cell) == 16, "a cell is one vec4 on the GPU");
    put(cells_, cells.data(), cells.size() * sizeof(WaterField::Cell));
    tableDirty_ = true;
}

void GpuBodyForces::sum(const std::vector<BodyState>& states, const std::vector<std::uint8_t>& awake,
                        std::vector<bmath::BodySums>& out) {
    const std::size_t n = states.size();
    if (n == 0) return;
    int awakeCount = 0;
    posesHost_.assign(n * 16, 0.0f);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int32_t flag = awake[i] ? 1 : 0;
        tableDirty_ = tableDirty_ || tableHost_[8 * i + 3] != flag;
        tableHost_[8 * i + 3] = flag;
        awakeCount += awake[i] ? 1 : 0;
        // The rotation as sampleSums makes it (the same function, the same bits).
        const glm::mat3 R = glm::mat3_cast(states[i].orientation);
        float* p = &posesHost_[16 * i];
        for (int c = 0; c < 3; ++c) {
            p[4 * c] = R[c].x;
            p[4 * c + 1] = R[c].y;
            p[4 * c + 2] = R[c].z;
        }
        p[3] = clear_[i];
        p[12] = states[i].positionM.x;
        p[13] = states[i].positionM.y;
        p[14] = states[i].positionM.z;
    }
    if (awakeCount == 0) return;
    if (tableDirty_) put(table_, tableHost_.data(), tableHost_.size() * 4);  // the awake flags changed
    tableDirty_ = false;
    put(poses_, posesHost_.data(), posesHost_.size() * 4);
    if (sums_.bytes() < n * 64) sums_ = gl::Buffer(n * 64 * 2);
    samples_.bindStorage(SLUICE_BIND_BODY_SAMPLES);
    table_.bindStorage(SLUICE_BIND_BODY_TABLE);
    cells_.bindStorage(SLUICE_BIND_BODY_CELLS);
    poses_.bindStorage(SLUICE_BIND_BODY_POSES);
    sums_.bindStorage(SLUICE_BIND_BODY_SUMS);
    program_.use();
    program_.set("uWidth", gridWidth_);
    program_.set("uHeight", gridHeight_);
    program_.set("uDx", dx_);
    program_.set("uRhoG", rhoG_);
    constexpr std::size_t kMaxGroups = 65535;  // GL's guaranteed minimum of work groups along x
    for (std::size_t b0 = 0; b0 < n; b0 += kMaxGroups) {
        program_.set("uBody0", int(b0));
        glDispatchCompute(GLuint(std::min(kMaxGroups, n - b0)), 1, 1);
    }
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    sumsHost_.resize(n * 16);
    sums_.download(sumsHost_.data(), n * 64);
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!awake[i]) continue;
        const float* s = &sumsHost_[16 * i];
        bmath::BodySums& o = out[i];
        o.force = glm::vec3(s[0], s[1], s[2]);
        o.volume = s[3];
        o.torque = glm::vec3(s[4], s[5], s[6]);
        o.submerged = s[7];
        o.centre = glm::vec3(s[8], s[9], s[10]);
        o.waterline = s[11];
        o.current = glm::vec2(s[12], s[13]);
    }
}

}  // namespace sluice::sim
