#include "render/water_history.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "render/render_layout.hpp"

namespace sluice::render {

namespace {
// The word every cell starts from: max depth 0 (low half), never wet (high half).
constexpr std::uint32_t kClearedWord = std::uint32_t(SLUICE_HISTORY_NEVER_WET_BITS) << 16;

// IEEE half float bits to float (normal, subnormal, infinity; no NaN is ever stored).
float halfToFloat(std::uint32_t bits) {
    const std::uint32_t exponent = (bits >> 10) & 0x1Fu, mantissa = bits & 0x3FFu;
    const float sign = (bits & 0x8000u) ? -1.0f : 1.0f;
    if (exponent == 0) return sign * std::ldexp(float(mantissa), -24);
    if (exponent == 31) return sign * std::numeric_limits<float>::infinity();
    return sign * std::ldexp(float(mantissa | 0x400u), int(exponent) - 25);
}
}  // namespace

Result<std::unique_ptr<WaterHistory>> WaterHistory::create() {
    std::unique_ptr<WaterHistory> h(new WaterHistory());
    auto program = gl::Program::compute("render/water_history.comp");
    if (!program) return program.error();
    h->update_ = std::move(*program);
    return h;
}

void WaterHistory::reset(double timeOriginSeconds) {
    cleared_ = false;
    updates_ = 0;
    originSeconds_ = lastTimeSeconds_ = timeOriginSeconds;
}

void WaterHistory::update(const RenderInputs& in, double simTimeSeconds) {
    if (!in.depth || in.width < 1 || in.height < 1) return;
    if (in.width != width_ || in.height != height_) {
        width_ = in.width;
        height_ = in.height;
        buffer_ = gl::Buffer(std::size_t(width_) * std::size_t(height_) * sizeof(std::uint32_t));
        reset(originSeconds_);
    }
    if (!cleared_) {
        buffer_.fill32(kClearedWord);
        cleared_ = true;
    }
    timer_.beginFrame();
    in.depth->bindStorage(SLUICE_RBIND_DEPTH);
    buffer_.bindStorage(SLUICE_RBIND_HISTORY);
    const double since = std::clamp(simTimeSeconds - originSeconds_, 0.0, double(SLUICE_HISTORY_MAX_SECONDS));
    update_.set("uGrid", width_, height_);
    update_.set("uFieldLayout", int(in.fieldOrder));
    update_.set("uTimeSeconds", float(since));
    update_.use();
    gl::dispatchCovering(width_, height_, SLUICE_HISTORY_GROUP, SLUICE_HISTORY_GROUP);
    // Visible to the overlays' fragment shaders and to a download.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    timer_.endPass();
    ++updates_;
    lastTimeSeconds_ = std::max(lastTimeSeconds_, simTimeSeconds);
}

double WaterHistory::lastGpuMs() const { return timer_.latestMs().empty() ? 0.0 : timer_.latestMs()[0]; }

WaterHistory::Cells WaterHistory::download() const {
    Cells out;
    const std::size_t n = std::size_t(width_) * std::size_t(height_);
    std::vector<std::uint32_t> words(n, kClearedWord);
    if (valid()) buffer_.download(words.data(), n * sizeof(std::uint32_t));
    out.maxDepthM.resize(n);
    out.firstWetSeconds.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.maxDepthM[i] = halfToFloat(words[i] & 0xFFFFu);
        out.firstWetSeconds[i] = halfToFloat(words[i] >> 16);
    }
    return out;
}

}  // namespace sluice::render
