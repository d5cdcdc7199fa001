#pragma once
// The terrain's ambient occlusion and curvature, one RG8 texel per cell (2 bytes per cell), computed
// from the heightfield by a compute pass (shaders/render/terrain_ao.comp) only where the bed changed:
// the same GPU-side change detection as the sun-shadow map (chunk_bounds.comp hashes each chunk's
// bed, shadow_dirty.comp, run on this map's own bookkeeping buffers, lists the chunks whose hash
// moved and dispatches the pass indirectly), and each 16 x 16 tile recomputes only when a changed
// chunk lies within the occlusion's reach. A new grid or vertical exaggeration redoes all. So a
// still world costs nothing per frame; a brush stroke costs the tiles around it.
//   R: sky visibility in [0, 1], 1 - the mean over 8 directions of the sine of the horizon angle
//      (horizon-based ambient occlusion, Bavoil and Sainz 2008) out to kAoReachCells cells;
//   G: curvature, 0.5 + (mean height of the rings 1 and 2 cells away - the cell's height) /
//      (2 * SLUICE_AO_CURVATURE_RANGE_M): above 0.5 in hollows (trenches, channels), below on ridges.
// Heights are taken as drawn (times the vertical exaggeration). Reads the terrain only.
#include <cstdint>
#include <memory>
#include <vector>

#include "gl/buffer.hpp"
#include "gl/gl_objects.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "render/chunk_bounds_reader.hpp"
#include "render/chunk_change_tracker.hpp"
#include "render/render_inputs.hpp"

namespace sluice::render {

/// Ambient-occlusion and curvature map of one grid. Needs a current GL 4.5 context.
class TerrainAoMap {
public:
    /// Compiles the kernels. Errors name the shader.
    static Result<std::unique_ptr<TerrainAoMap>> create();

    /// Brings the map up to date with the terrain of `in` drawn at `verticalScale` times its height.
    /// Call after bounds.update(in) in the same frame (it reads that frame's bed hashes on the GPU).
    /// GPU work only, no sync; visible to texture fetches that follow. Rebinds the terrain buffer and
    /// the sun-shadow bookkeeping points of render_layout.h.
    void update(const RenderInputs& in, const ChunkBoundsReader& bounds, float verticalScale);

    /// RG8, W x H, linear filtering; texel centres are cell centres (layout above).
    const gl::Texture& texture() const { return texture_; }
    /// Bytes of GPU memory held (texture and bookkeeping).
    std::size_t bytes() const;

    /// Tests: 16 x 16 tiles recomputed by the last update() (blocks until it has run).
    int tilesUpdatedLastFrame() const;
    /// Tests: sky visibility in [0, 1] of every cell, W*H row-major (blocks).
    std::vector<float> downloadVisibility() const;

private:
    TerrainAoMap() = default;

    ChunkChangeTracker changes_;
    gl::Program ao_;
    gl::Texture texture_;
    float madeScale_ = 0.0f;  // vertical exaggeration the map was made for
};

}  // namespace sluice::render
