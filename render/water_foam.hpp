#pragma once
// Foam and white water on the water surface: a per-cell amount in [0, 1] that the flow makes where it
// dissipates energy (hydraulic jumps, waterfalls, rapids) or runs as a thin fast front onto dry
// ground, carries along its velocity and lets fade (shaders/render/water_foam.comp). Renderer state,
// not simulation state: made from the solver's buffers (read only) once per frame, on the animation
// clock. Two R8 textures per grid (ping-pong, 2 bytes per cell), for up to two runs drawn by one
// renderer (A and B of a comparison), told apart by their terrain buffer.
#include <array>
#include <memory>

#include "gl/gl_objects.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "render/render_inputs.hpp"

namespace sluice::render {

/// The foam of the runs one renderer draws. Needs a current GL 4.5 context.
class WaterFoam {
public:
    /// Compiles the kernel. Errors name the shader.
    static Result<std::unique_ptr<WaterFoam>> create();

    /// Advances the foam of the run drawn from `in` to in.timeSeconds (the animation clock); the
    /// solver's buffers are bound by the caller at their render_layout.h points and `blend` is the
    /// depth blend drawn. A run seen for the first time, a new grid size or a clock that went back
    /// starts from no foam and runs kWarmUpSteps steps of kWarmUpStepS, so that trails exist on the
    /// first frame (a single headless render) as on the hundredth. Steps are at most kMaxStepS (a slow
    /// frame advects less than it should rather than jump over cells). GPU work only, no sync;
    /// visible to texture fetches that follow.
    void update(const RenderInputs& in, float blend);

    /// R8 foam amount of the run last updated, W x H, linear filtering, texel centres at cell centres.
    const gl::Texture& texture() const;
    /// Bytes of GPU memory held by all runs' fields.
    std::size_t bytes() const;

    static constexpr int kWarmUpSteps = 24;
    static constexpr float kWarmUpStepS = 0.25f;
    static constexpr float kMaxStepS = 0.25f;

private:
    WaterFoam() = default;
    struct Field {
        const void* key = nullptr;  // the run's terrain buffer
        int width = 0, height = 0;
        std::array<gl::Texture, 2> texture;
        int current = 0;            // index of the newest texture
        float lastTimeS = 0.0f;
        unsigned useStamp = 0;      // for replacing the least recently used field
    };
    void step(Field& f, float dtSeconds);

    gl::Program program_;
    std::array<Field, 2> fields_;
    int last_ = 0;
    unsigned stamp_ = 0, steps_ = 0;
};

}  // namespace sluice::render
