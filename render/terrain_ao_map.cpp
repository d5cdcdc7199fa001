#include "render/terrain_ao_map.hpp"

#include "render/render_layout.hpp"
#include "render/sun_shadow_map.hpp"
#include "render/terrain_lod.hpp"

namespace sluice::render {

namespace {
constexpr GLuint kImageUnit = 0;  // terrain_ao.comp's uAo
}  // namespace

Result<std::unique_ptr<TerrainAoMap>> TerrainAoMap::create() {
    // The sun-shadow map's change detection, run on this map's own state and hashes.
    auto dirty = gl::Program::compute("render/shadow_dirty.comp");
    if (!dirty) return dirty.error();
    auto ao = gl::Program::compute("render/terrain_ao.comp");
    if (!ao) return ao.error();
    std::unique_ptr<TerrainAoMap> m(new TerrainAoMap());
    m->dirty_ = std::move(*dirty);
    m->ao_ = std::move(*ao);
    m->state_ = gl::Buffer(sizeof(ShadowState));
    return m;
}

std::size_t TerrainAoMap::bytes() const {
    return 2 * std::size_t(width_) * std::size_t(height_) + state_.bytes() + madeHash_.bytes();
}

void TerrainAoMap::update(const RenderInputs& in, const ChunkBoundsReader& bounds, float verticalScale) {
    bool redoAll = verticalScale != madeScale_;
    if (in.width != width_ || in.height != height_ || bounds.chunksX() != chunksX_ || bounds.chunksY() != chunksY_) {
        width_ = in.width;
        height_ = in.height;
        chunksX_ = bounds.chunksX();
        chunksY_ = bounds.chunksY();
        texture_ = gl::makeTexture2D(GL_RG8, width_, height_, GL_LINEAR);
        madeHash_ = gl::Buffer(std::size_t(chunksX_) * std::size_t(chunksY_) * sizeof(std::uint32_t));
        redoAll = true;
    }
    madeScale_ = verticalScale;
    const int tilesX = (width_ + SLUICE_SHADOW_GROUP - 1) / SLUICE_SHADOW_GROUP;
    const int tilesY = (height_ + SLUICE_SHADOW_GROUP - 1) / SLUICE_SHADOW_GROUP;

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
    ao_.set("uGrid", width_, height_);
    ao_.set("uCellSize", in.cellSizeM);
    ao_.set("uChunkCells", kChunkCells);
    ao_.set("uVerticalScale", verticalScale);
    glBindImageTexture(kImageUnit, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG8);
    ao_.use();
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, state_.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

int TerrainAoMap::tilesUpdatedLastFrame() const {
    ShadowState s{};
    state_.download(&s, sizeof s);
    return int(s.tilesUpdated);
}

std::vector<float> TerrainAoMap::downloadVisibility() const {
    std::vector<std::uint8_t> texels(2 * std::size_t(width_) * std::size_t(height_));
    GLint alignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of 2 W bytes
    glGetTextureImage(texture_.id(), 0, GL_RG, GL_UNSIGNED_BYTE, GLsizei(texels.size()), texels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, alignment);
    std::vector<float> v(texels.size() / 2);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(texels[2 * i]) / 255.0f;
    return v;
}

}  // namespace sluice::render
