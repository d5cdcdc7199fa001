#include "render/water_foam.hpp"

#include <algorithm>

namespace sluice::render {

Result<std::unique_ptr<WaterFoam>> WaterFoam::create() {
    auto program = gl::Program::compute("render/water_foam.comp");
    if (!program) return program.error();
    std::unique_ptr<WaterFoam> f(new WaterFoam());
    f->program_ = std::move(*program);
    return f;
}

const gl::Texture& WaterFoam::texture() const { return fields_[std::size_t(last_)].texture[std::size_t(fields_[std::size_t(last_)].current)]; }

std::size_t WaterFoam::bytes() const {
    std::size_t total = 0;
    for (const Field& f : fields_) total += 2 * std::size_t(f.width) * std::size_t(f.height);
    return total;
}

void WaterFoam::step(Field& f, float dtSeconds) {
    const int next = 1 - f.current;
    program_.set("uDtSeconds", dtSeconds);
    program_.set("uStep", ++steps_);
    f.texture[std::size_t(f.current)].bind(0);
    glBindImageTexture(0, f.texture[std::size_t(next)].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8);
    gl::dispatchCovering(f.width, f.height, 16, 16);
    // The next step (and the water pass) fetch what this one wrote.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    f.current = next;
}

void WaterFoam::update(const RenderInputs& in, float blend) {
    const void* key = in.terrain;
    int slot = -1;
    for (int i = 0; i < 2; ++i)
        if (fields_[std::size_t(i)].key == key) slot = i;
    bool reset = false;
    if (slot < 0) {  // a run not seen before takes the field used least recently
        slot = fields_[0].useStamp <= fields_[1].useStamp ? 0 : 1;
        fields_[std::size_t(slot)].key = key;
        reset = true;
    }
    Field& f = fields_[std::size_t(slot)];
    f.useStamp = ++stamp_;
    last_ = slot;
    if (f.width != in.width || f.height != in.height) {
        f.width = in.width;
        f.height = in.height;
        for (gl::Texture& t : f.texture) t = gl::makeTexture2D(GL_R8, f.width, f.height, GL_LINEAR);
        reset = true;
    }
    if (in.timeSeconds < f.lastTimeS) reset = true;  // a new clock (a reset run, a new renderer user)

    program_.set("uGrid", in.width, in.height);
    program_.set("uFieldLayout", int(in.fieldOrder));
    program_.set("uCellSize", in.cellSizeM);
    program_.set("uBlend", blend);
    program_.set("uGravity", in.gravity);
    program_.set("uFoamIn", 0);
    program_.use();
    if (reset) {
        const float zero = 0.0f;
        glClearTexImage(f.texture[std::size_t(f.current)].id(), 0, GL_RED, GL_FLOAT, &zero);
        for (int i = 0; i < kWarmUpSteps; ++i) step(f, kWarmUpStepS);
    } else {
        step(f, std::min(in.timeSeconds - f.lastTimeS, kMaxStepS));
    }
    f.lastTimeS = in.timeSeconds;
}

}  // namespace sluice::render
