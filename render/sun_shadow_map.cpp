#include "render/sun_shadow_map.hpp"

#include <algorithm>

namespace sluice::render {

namespace {
constexpr GLuint kImageUnit = 0;  // sun_shadow.comp's uShadow
}  // namespace

Result<std::unique_ptr<SunShadowMap>> SunShadowMap::create() {
    auto changes = ChunkChangeTracker::create();
    if (!changes) return changes.error();
    auto march = gl::Program::compute("render/sun_shadow.comp");
    if (!march) return march.error();
    std::unique_ptr<SunShadowMap> m(new SunShadowMap());
    m->changes_ = std::move(*changes);
    m->march_ = std::move(*march);
    return m;
}

std::size_t SunShadowMap::bytes() const {
    return std::size_t(changes_.width()) * std::size_t(changes_.height()) + changes_.bytes();
}

void SunShadowMap::update(const RenderInputs& in, const ChunkBoundsReader& bounds, const glm::vec3& sunDir) {
    bool redoAll = sunDir != madeSun_;
    if (changes_.resize(in, bounds)) {
        texture_ = gl::makeTexture2D(GL_R8, in.width, in.height, GL_LINEAR);
        redoAll = true;
    }
    madeSun_ = sunDir;
    changes_.findChanged(bounds, redoAll);

    in.terrain->bindStorage(SLUICE_RBIND_TERRAIN);
    march_.set("uGrid", in.width, in.height);
    march_.set("uFieldLayout", int(in.fieldOrder));
    march_.set("uCellSize", in.cellSizeM);
    glProgramUniform3f(march_.id(), march_.location("uSunDir"), sunDir.x, sunDir.y, sunDir.z);
    march_.set("uChunkCells", kChunkCells);
    glBindImageTexture(kImageUnit, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8);
    changes_.dispatch(march_);
}

int SunShadowMap::tilesUpdatedLastFrame() const { return changes_.tilesUpdatedLastFrame(); }

std::vector<float> SunShadowMap::downloadVisibility() const {
    const std::vector<std::uint8_t> texels = gl::readTextureBytes(texture_, GL_RED, 1, changes_.width(), changes_.height());
    std::vector<float> v(texels.size());
    for (std::size_t i = 0; i < texels.size(); ++i) {
        const float raw = float(SLUICE_SHADOW_MIN_V) + float(texels[i]) / 255.0f * (1.0f - float(SLUICE_SHADOW_MIN_V));
        v[i] = std::clamp(raw, 0.0f, 1.0f);
    }
    return v;
}

}  // namespace sluice::render
