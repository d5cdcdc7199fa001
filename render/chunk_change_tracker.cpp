#include "render/chunk_change_tracker.hpp"

namespace sluice::render {

static_assert(sizeof(ShadowState) == 32 + 8 * SLUICE_SHADOW_MAX_DIRTY, "ShadowState mirrors the std430 block");

Result<ChunkChangeTracker> ChunkChangeTracker::create() {
    auto dirty = gl::Program::compute("render/shadow_dirty.comp");
    if (!dirty) return dirty.error();
    ChunkChangeTracker t;
    t.dirty_ = std::move(*dirty);
    t.state_ = gl::Buffer(sizeof(ShadowState));
    return t;
}

bool ChunkChangeTracker::resize(const RenderInputs& in, const ChunkBoundsReader& bounds) {
    if (in.width == width_ && in.height == height_ && bounds.chunksX() == chunksX_ && bounds.chunksY() == chunksY_)
        return false;
    width_ = in.width;
    height_ = in.height;
    chunksX_ = bounds.chunksX();
    chunksY_ = bounds.chunksY();
    madeHash_ = gl::Buffer(std::size_t(chunksX_) * std::size_t(chunksY_) * sizeof(std::uint32_t));
    return true;
}

void ChunkChangeTracker::findChanged(const ChunkBoundsReader& bounds, bool redoAll) {
    const int tilesX = (width_ + SLUICE_SHADOW_GROUP - 1) / SLUICE_SHADOW_GROUP;
    const int tilesY = (height_ + SLUICE_SHADOW_GROUP - 1) / SLUICE_SHADOW_GROUP;
    // This frame's bounds and hashes, written by the chunk-bounds pass just before.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    bounds.gpuBounds().bindStorage(SLUICE_RBIND_CHUNK_BOUNDS);
    bounds.gpuBedHashes().bindStorage(SLUICE_RBIND_CHUNK_HASH);
    madeHash_.bindStorage(SLUICE_RBIND_SHADOW_HASH);
    state_.bindStorage(SLUICE_RBIND_SHADOW_STATE);
    dirty_.set("uChunkCount", chunksX_, chunksY_);
    dirty_.set("uTiles", tilesX, tilesY);
    dirty_.set("uRedoAll", redoAll ? 1 : 0);
    dirty_.use();
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void ChunkChangeTracker::dispatch(const gl::Program& pass) const {
    pass.use();
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, state_.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

int ChunkChangeTracker::tilesUpdatedLastFrame() const {
    ShadowState s{};
    state_.download(&s, sizeof s);
    return int(s.tilesUpdated);
}

}  // namespace sluice::render
