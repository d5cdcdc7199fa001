#include "render/wetness_map.hpp"

#include <algorithm>
#include <cmath>

#include "render/render_layout.hpp"
#include "shaders/render/terrain_look.h"

namespace sluice::render {

namespace {
constexpr double kStep = 1.0 / 255.0;  // one step of the R8 texel
}  // namespace

Result<std::unique_ptr<WetnessMap>> WetnessMap::create() {
    auto program = gl::Program::compute("render/wetness.comp");
    if (!program) return program.error();
    std::unique_ptr<WetnessMap> m(new WetnessMap());
    m->program_ = std::move(*program);
    return m;
}

void WetnessMap::update(const RenderInputs& in, float blend, float dryingSeconds) {
    const double now = double(in.timeSeconds);
    bool restart = false;
    if (in.width != width_ || in.height != height_) {
        width_ = in.width;
        height_ = in.height;
        texture_ = gl::makeTexture2D(GL_R8, width_, height_, GL_LINEAR);
        restart = true;
    }
    if (restart || now < lastTimeSeconds_) {  // a new grid, or the clock went back (reset, undo)
        restart = true;
        pendingSeconds_ = 0;
    } else {
        pendingSeconds_ += now - lastTimeSeconds_;
    }
    lastTimeSeconds_ = now;
    // Whole steps of drying gathered so far; the rest waits for later frames.
    const double perStepSeconds = std::max(double(dryingSeconds), 1e-3) * kStep;
    const double steps = std::floor(pendingSeconds_ / perStepSeconds);
    pendingSeconds_ -= steps * perStepSeconds;
    program_.set("uGrid", width_, height_);
    program_.set("uFieldLayout", int(in.fieldOrder));
    program_.set("uBlend", blend);
    program_.set("uRestart", restart ? 1 : 0);
    program_.set("uDecrease", float(std::min(steps, 255.0) * kStep));
    glBindImageTexture(0, texture_.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R8);
    program_.use();
    gl::dispatchCovering(width_, height_, SLUICE_WETNESS_GROUP, SLUICE_WETNESS_GROUP);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

std::vector<float> WetnessMap::download() const {
    const std::vector<std::uint8_t> texels = gl::readTextureBytes(texture_, GL_RED, 1, width_, height_);
    std::vector<float> w(texels.size());
    for (std::size_t i = 0; i < texels.size(); ++i) w[i] = float(texels[i]) / 255.0f;
    return w;
}

}  // namespace sluice::render
