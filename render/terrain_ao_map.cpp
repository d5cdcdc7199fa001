#include "render/terrain_ao_map.hpp"

#include "render/render_layout.hpp"
#include "render/terrain_lod.hpp"

namespace sluice::render {

namespace {
constexpr GLuint kImageUnit = 0;  // terrain_ao.comp's uAo
}  // namespace

Result<std::unique_ptr<TerrainAoMap>> TerrainAoMap::create() {
    // The sun-shadow map's change detection, run on this map's own state and hashes.
    auto changes = ChunkChangeTracker::create();
    if (!changes) return changes.error();
    auto ao = gl::Program::compute("render/terrain_ao.comp");
    if (!ao) return ao.error();
    std::unique_ptr<TerrainAoMap> m(new TerrainAoMap());
    m->changes_ = std::move(*changes);
    m->ao_ = std::move(*ao);
    return m;
}

std::size_t TerrainAoMap::bytes() const {
    return 2 * std::size_t(changes_.width()) * std::size_t(changes_.height()) + changes_.bytes();
}

void TerrainAoMap::update(const RenderInputs& in, const ChunkBoundsReader& bounds, float verticalScale) {
    bool redoAll = verticalScale != madeScale_;
    if (changes_.resize(in, bounds)) {
        texture_ = gl::makeTexture2D(GL_RG8, in.width, in.height, GL_LINEAR);
        redoAll = true;
    }
    madeScale_ = verticalScale;
    changes_.findChanged(bounds, redoAll);

    in.terrain->bindStorage(SLUICE_RBIND_TERRAIN);
    ao_.set("uGrid", in.width, in.height);
    ao_.set("uFieldLayout", int(in.fieldOrder));
    ao_.set("uCellSize", in.cellSizeM);
    ao_.set("uChunkCells", kChunkCells);
    ao_.set("uVerticalScale", verticalScale);
    glBindImageTexture(kImageUnit, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG8);
    changes_.dispatch(ao_);
}

int TerrainAoMap::tilesUpdatedLastFrame() const { return changes_.tilesUpdatedLastFrame(); }

std::vector<float> TerrainAoMap::downloadVisibility() const {
    const std::vector<std::uint8_t> texels = gl::readTextureBytes(texture_, GL_RG, 2, changes_.width(), changes_.height());
    std::vector<float> v(texels.size() / 2);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(texels[2 * i]) / 255.0f;
    return v;
}

}  // namespace sluice::render
