#pragma once
// Chunk bounds for the renderer's culling and level of detail, without a stall per frame: every frame
// a compute pass (shaders/render/chunk_bounds.comp) reduces the current state into a GPU buffer,
// which is copied into a ring of persistently mapped buffers and fenced; the CPU culls with the
// newest copy that has landed, at most kMaxLagFrames old (it waits only when none has: the first
// frame, after a grid change, or a GPU more than two frames behind). A result older than the frame is
// made conservative (terrain_lod.hpp conservativeBounds), so lag never culls visible water or terrain.
#include <cstdint>
#include <vector>

#include "gl/async_readback.hpp"
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "render/render_inputs.hpp"
#include "render/terrain_lod.hpp"
#include "gl/result.hpp"

namespace sluice::render {

/// Dispatches, reads back and hands out chunk bounds. Needs a current GL 4.5 context.
class ChunkBoundsReader {
public:
    /// Largest age of the bounds used (frames) when the lag is not forced.
    static constexpr int kMaxLagFrames = 2;
    /// Vertical widening per frame of lag (metres): covers beds and surfaces that move by themselves
    /// (brushes at their strongest, sources and rain move them by centimetres per frame).
    static constexpr float kPadPerFrameM = 1.0f;

    /// Compiles the reduction. Errors name the shader.
    static Result<ChunkBoundsReader> create();

    /// Dispatches this frame's reduction of `in` (terrain, depth and previous depth), then returns
    /// the bounds to cull with this frame: the newest landed result, made conservative for its age.
    /// The terrain and depth buffers stay bound at their render_layout.h points.
    const std::vector<ChunkBounds>& update(const RenderInputs& in);

    /// Frames between the result used by the last update() and that frame (0 = its own state).
    int lagFrames() const { return lag_; }
    /// Lowest and highest bed of the result used (unpadded; for the shading's height range).
    float minBedM() const { return minBed_; }
    float maxBedM() const { return maxBed_; }
    /// This frame's reduction on the GPU (not read back): one vec4 per chunk (ChunkBounds) and one
    /// uint per chunk, a hash of its bed heights (chunk_bounds.comp). Written by update(); a reader
    /// needs a glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) after it.
    const gl::Buffer& gpuBounds() const { return gpuBounds_; }
    const gl::Buffer& gpuBedHashes() const { return gpuHashes_; }
    int chunksX() const { return chunksX_; }
    int chunksY() const { return chunksY_; }
    /// Tests and measurements: always use the result of exactly `frames` frames ago, waiting for it
    /// (the oldest one there is in the first frames). -1 (default) = the newest landed result.
    void forceLag(int frames) { forcedLag_ = frames; }

private:
    static constexpr int kSlots = 4;  // frames whose results can be held (lags 0..3)

    gl::Program program_;
    gl::Buffer gpuBounds_;      // written by the compute pass, copied into the ring
    gl::Buffer gpuHashes_;      // written by the compute pass, stays on the GPU
    gl::AsyncReadback ring_;
    int chunksX_ = 0, chunksY_ = 0;
    std::uint64_t frame_ = 0, firstFrame_ = 0;  // frames since creation; first frame of this grid size
    int lag_ = 0, forcedLag_ = -1;
    float minBed_ = 0, maxBed_ = 1;
    std::vector<ChunkBounds> used_;
};

}  // namespace sluice::render
