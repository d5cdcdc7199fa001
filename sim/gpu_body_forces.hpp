#pragma once
// The water's forces on the bodies on the GPU (docs/BODIES.md, "Cost as it stands"): every awake
// body's samples summed at once by shaders/sim/body_forces.comp, one dispatch and one readback of 64
// bytes a body per physics substep, to the same bits as the CPU's sampleSums (both compute
// shaders/sim/body_water_math.h). The samples are uploaded when the bodies change, the water around
// each body once a step, the poses every substep. Needs a current GL 4.5 context on this thread.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"

namespace sluice::sim {

class GpuBodyForces final : public BodySampleSummer {
public:
    /// Compiles the kernel with `exactDefines` (the float-ops defines the water's kernels use:
    /// shaders/sim/portable.h). Errors: compile or link, naming the shader.
    static Result<std::unique_ptr<GpuBodyForces>> create(const std::string& exactDefines);

    void setWater(const std::vector<const std::vector<BodySample>*>& samples, std::uint64_t samplesVersion,
                  const std::vector<const WaterField*>& waterOf, const HydroParams& hydro) override;
    void sum(const std::vector<BodyState>& states, const std::vector<std::uint8_t>& awake,
             std::vector<bmath::BodySums>& out) override;

private:
    explicit GpuBodyForces(gl::Program program) : program_(std::move(program)) {}
    // Uploads `bytes` into `buffer`, growing it (to twice what is asked) when it is too small.
    static void put(gl::Buffer& buffer, const void* data, std::size_t bytes);

    gl::Program program_;
    gl::Buffer samples_, table_, cells_, poses_, sums_;
    std::uint64_t samplesVersion_ = ~std::uint64_t(0);
    std::vector<std::int32_t> tableHost_;  // per body: first sample, samples, first cell, awake; window
    bool tableDirty_ = true;                // tableHost_ differs from table_
    std::vector<float> clear_;              // per body: the elevation its samples are clear above
    int gridWidth_ = 0, gridHeight_ = 0;
    float dx_ = 1.0f, rhoG_ = 0.0f;
    std::vector<float> posesHost_, sumsHost_;
};

}  // namespace sluice::sim
