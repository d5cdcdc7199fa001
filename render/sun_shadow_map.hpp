#pragma once
// The terrain's sun visibility, one R8 texel per cell (1 byte per cell), ray-marched by a compute
// pass (shaders/render/sun_shadow.comp) only where it can have changed, so the terrain pass reads one
// filtered texel per pixel instead of marching 40 steps. Change detection stays on the GPU: the chunk
// bounds pass hashes each chunk's bed, shadow_dirty.comp lists the chunks whose hash moved since the
// map was made and dispatches the march indirectly, and each 16 x 16 tile re-marches only when its
// path toward the sun crosses a changed chunk. A new sun direction, grid or highest bed redoes all.
// Reads the terrain only; owns the texture and its bookkeeping (render/chunk_change_tracker.hpp).
#include <cstdint>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "render/chunk_bounds_reader.hpp"
#include "render/chunk_change_tracker.hpp"
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/gl_objects.hpp"
#include "render/render_inputs.hpp"
#include "render/render_layout.hpp"
#include "gl/result.hpp"

namespace sluice::render {

/// Sun-shadow map of one grid. Needs a current GL 4.5 context.
class SunShadowMap {
public:
    /// Compiles the two kernels. Errors name the shader.
    static Result<std::unique_ptr<SunShadowMap>> create();

    /// Brings the map up to date with the terrain of `in` and the sun direction (unit, toward the
    /// sun). Call after bounds.update(in) in the same frame: it reads that frame's bounds and bed
    /// hashes on the GPU. GPU work only, no sync; visible to texture fetches that follow. Rebinds
    /// the terrain buffer at its render_layout.h point.
    void update(const RenderInputs& in, const ChunkBoundsReader& bounds, const glm::vec3& sunDir);

    /// R8, W x H, linear filtering: (v - SLUICE_SHADOW_MIN_V) / (1 - SLUICE_SHADOW_MIN_V), v the
    /// unclamped visibility at the cell centre; texel centres are cell centres.
    const gl::Texture& texture() const { return texture_; }
    /// Bytes of GPU memory held (texture and bookkeeping).
    std::size_t bytes() const;

    /// Tests: 16 x 16 tiles re-marched by the last update() (blocks until it has run).
    int tilesUpdatedLastFrame() const;
    /// Tests: the visibility in [0, 1] of every cell centre, W*H row-major (blocks).
    std::vector<float> downloadVisibility() const;

private:
    SunShadowMap() = default;

    ChunkChangeTracker changes_;
    gl::Program march_;
    gl::Texture texture_;
    glm::vec3 madeSun_{0.0f};  // sun direction the map was made for
};

}  // namespace sluice::render
