#include "render/sun_shadow_map.hpp"

#include <algorithm>

namespace sluice::render {

namespace {
static_assert(sizeof(ShadowState) == 32 + 8 * SLUICE_SHADOW_MAX_DIRTY, "ShadowState mirrors the std430 block");
constexpr GLuint kImageUnit = 0;  // sun_shadow.comp's uShadow
}  // namespace

Result<std::unique_ptr<SunShadowMap>> SunShadowMap::create() {
    auto dirty = gl::Program::compute("render/shadow_dirty.comp");
    if (!dirty) return dirty.error();
    auto march = gl::Program::compute("render/sun_shadow.comp");
    if (!march) return march.error();
    std::unique_ptr<SunShadowMap> m(new SunShadowMap());
    m->dirty_ = std::move(*dirty);
    m->march_ = std::move(*march);
    m->state_ = gl::Buffer(sizeof(ShadowState));
    return m;
}

std::size_t SunShadowMap::bytes() const {
    return std::size_t(width_) * std::size_t(height_) + state_.bytes() + madeHash_.bytes();
}

void SunShadowMap::update(const RenderInputs& in, const ChunkBoundsReader& bounds, const glm::vec3& sunDir) {
    bool redoAll = sunDir != madeSun_;
    if (in.width != width_ || in.height != height_ || bounds.chunksX() != chunksX_ || bounds.chunksY() != chunksY_) {
        width_ = in.width;
        height_ = in.height;
        chunksX_ = bounds.chunksX();
        chunksY_ = bounds.chunksY();
        texture_ = gl::makeTexture2D(GL_R8, width_, height_, GL_LINEAR);
        madeHash_ = gl::Buffer(std::size_t(chunksX_) * std::size_t(chunksY_) * sizeof(std::uint32_t));
        redoAll = true;
    }
    madeSun_ = sunDir;
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

    in.terrain->bindStorage(SLUICE_RBIND_TERRAIN);
    march_.set("uGrid", width_, height_);
    march_.set("uCellSize", in.cellSizeM);
    glProgramUniform3f(march_.id(), march_.location("uSunDir"), sunDir.x, sunDir.y, sunDir.z);
    march_.set("uChunkCells", kChunkCells);
    glBindImageTexture(kImageUnit, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8);
    march_.use();
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, state_.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

int SunShadowMap::tilesUpdatedLastFrame() const {
    ShadowState s{};
    state_.download(&s, sizeof s);
    return int(s.tilesUpdated);
}

std::vector<float> SunShadowMap::downloadVisibility() const {
    std::vector<std::uint8_t> texels(std::size_t(width_) * std::size_t(height_));
    GLint alignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of W bytes
    glGetTextureImage(texture_.id(), 0, GL_RED, GL_UNSIGNED_BYTE, GLsizei(texels.size()), texels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, alignment);
    std::vector<float> v(texels.size());
    for (std::size_t i = 0; i < texels.size(); ++i) {
        const float raw = float(SLUICE_SHADOW_MIN_V) + float(texels[i]) / 255.0f * (1.0f - float(SLUICE_SHADOW_MIN_V));
        v[i] = std::clamp(raw, 0.0f, 1.0f);
    }
    return v;
}

}  // namespace sluice::render
