#include "render/shore_map.hpp"

namespace sluice::render {

Result<std::unique_ptr<ShoreMap>> ShoreMap::create() {
    auto program = gl::Program::compute("render/shore.comp");
    if (!program) return program.error();
    std::unique_ptr<ShoreMap> m(new ShoreMap());
    m->program_ = std::move(*program);
    return m;
}

void ShoreMap::update(const RenderInputs& in, float blend) {
    if (in.width != width_ || in.height != height_) {
        width_ = in.width;
        height_ = in.height;
        texture_ = gl::makeTexture2D(GL_R8, width_, height_, GL_LINEAR);
    }
    program_.set("uGrid", width_, height_);
    program_.set("uFieldLayout", int(in.fieldOrder));
    program_.set("uBlend", blend);
    glBindImageTexture(0, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8);
    program_.use();
    gl::dispatchCovering(width_, height_, 16, 16);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

}  // namespace sluice::render
