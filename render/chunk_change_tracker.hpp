#pragma once
// GPU-side change detection for the per-cell maps made from the terrain (the sun-shadow map, the
// ambient-occlusion map): chunk_bounds.comp hashes each chunk's bed every frame; shadow_dirty.comp
// compares the hashes with those the map was made from, lists the chunks that changed and writes the
// indirect dispatch arguments of the map's own pass, which then recomputes only the 16 x 16 tiles a
// changed chunk can affect. Each map owns one tracker (its own hashes and state). Needs a current
// GL 4.5 context.
#include <cstdint>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "render/chunk_bounds_reader.hpp"
#include "render/render_inputs.hpp"
#include "render/render_layout.hpp"

namespace sluice::render {

/// C++ mirror of shaders/render/sun_shadow_state.glsl (std430).
struct ShadowState {
    std::uint32_t dispatch[3];
    std::uint32_t dirtyCount;
    float maxBedM;
    std::uint32_t tilesUpdated;
    std::uint32_t pad[2];
    std::uint32_t dirty[2 * SLUICE_SHADOW_MAX_DIRTY];
};

class ChunkChangeTracker {
public:
    /// Compiles shadow_dirty.comp. Errors name the shader.
    static Result<ChunkChangeTracker> create();

    /// Follows the grid of `in` and the chunks of `bounds`: true when either changed since the last
    /// call (the map must reallocate its texture and redo every tile).
    bool resize(const RenderInputs& in, const ChunkBoundsReader& bounds);
    /// Lists the changed chunks (every tile when redoAll) and writes the indirect dispatch arguments;
    /// binds the bookkeeping at render_layout.h's shadow points for the map's pass. Call after
    /// bounds.update(in) in the same frame.
    void findChanged(const ChunkBoundsReader& bounds, bool redoAll);
    /// Runs `pass` over the listed tiles (indirect dispatch), then makes its image writes visible.
    void dispatch(const gl::Program& pass) const;

    int width() const { return width_; }
    int height() const { return height_; }
    /// Bytes of GPU memory held (state and hashes).
    std::size_t bytes() const { return state_.bytes() + madeHash_.bytes(); }
    /// Tests: tiles the last dispatch recomputed (blocks until it has run).
    int tilesUpdatedLastFrame() const;

private:
    gl::Program dirty_;
    gl::Buffer state_;     // ShadowState, also the indirect dispatch arguments
    gl::Buffer madeHash_;  // uint per chunk: bed hashes the map was made from
    int width_ = 0, height_ = 0, chunksX_ = 0, chunksY_ = 0;
};

}  // namespace sluice::render
