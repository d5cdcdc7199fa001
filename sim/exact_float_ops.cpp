#include "sim/exact_float_ops.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/kernel_math.hpp"
#include "sim/measure_env.hpp"

namespace sluice::sim {

std::string FloatOpsProbe::defines() const {
    return "#define SLUICE_DIV_MODE " + std::to_string(divMode) + "\n#define SLUICE_SQRT_MODE " + std::to_string(sqrtMode) + "\n";
}

namespace {

constexpr std::size_t kOut = 10;  // results per operand pair (float_ops_probe.comp)

/// How many floats lie between x and y (same sign, finite).
long ulpsApart(float x, float y) {
    const auto a = std::int64_t(std::bit_cast<std::uint32_t>(std::abs(x)));
    const auto b = std::int64_t(std::bit_cast<std::uint32_t>(std::abs(y)));
    return long(a > b ? a - b : b - a);
}

}  // namespace

Result<FloatOpsProbe> probeFloatOps(int operands) {
    auto probe = gl::Program::compute("sim/float_ops_probe.comp");
    if (!probe) return probe.error();
    const int n = (operands + 255) / 256 * 256;
    std::mt19937 rng(20261124);
    std::uniform_real_distribution<float> exponent(-30.0f, 20.0f), mantissa(1.0f, 2.0f);
    std::vector<float> in(2 * std::size_t(n));
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = std::ldexp(mantissa(rng), int(exponent(rng)));
    for (std::size_t i = 0; i < in.size(); i += 4) in[i] = -in[i];
    gl::Buffer src(in.size() * 4, in.data()), dst(kOut * std::size_t(n) * 4);
    src.bindStorage(SLUICE_BIND_COPY_SRC);
    dst.bindStorage(SLUICE_BIND_COPY_DST);
    probe->set("uCount", n);
    probe->use();
    glDispatchCompute(GLuint(n / 256), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> out(kOut * std::size_t(n));
    dst.download(out.data(), out.size() * 4);
    auto same = [](float x, float y) { return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y); };
    FloatOpsProbe p;
    p.operands = n;
    for (int i = 0; i < n; ++i) {
        const float a = in[2 * std::size_t(i)], b = in[2 * std::size_t(i) + 1];
        const float q = a / b, s = std::sqrt(std::abs(a));
        const float* o = &out[kOut * std::size_t(i)];
        for (int m = 0; m < 4; ++m) {
            p.divWrong[m] += same(o[m], q) ? 0 : 1;
            p.sqrtWrong[m] += same(o[4 + m], s) ? 0 : 1;
        }
        const float nq = kmath::sluiceQuot(a, b), ns = kmath::sluiceRoot(std::abs(a));
        p.quotWrong += same(o[8], nq) ? 0 : 1;
        p.rootWrong += same(o[9], ns) ? 0 : 1;
        p.quotUlps = std::max(p.quotUlps, ulpsApart(nq, q));
        p.rootUlps = std::max(p.rootUlps, ulpsApart(ns, s));
    }
    p.divMode = 0;
    while (p.divMode < 3 && p.divWrong[p.divMode] != 0) ++p.divMode;
    p.sqrtMode = 0;
    while (p.sqrtMode < 3 && p.sqrtWrong[p.sqrtMode] != 0) ++p.sqrtMode;
    if (p.divWrong[p.divMode] != 0)
        return Error{"this GPU rounds float division differently from the CPU in every way tried (" +
                     std::to_string(p.divWrong[3]) + " of " + std::to_string(n) +
                     " quotients differ even through double precision): GPU results would not match the CPU reference"};
    if (p.sqrtWrong[p.sqrtMode] != 0)
        return Error{"this GPU's square root differs from the CPU's even through double precision (" +
                     std::to_string(p.sqrtWrong[3]) + " of " + std::to_string(n) + ")"};
    if (p.quotWrong != 0 || p.rootWrong != 0)
        return Error{"this GPU rounds float + - * differently from the CPU (" + std::to_string(p.quotWrong) + " quotients and " +
                     std::to_string(p.rootWrong) + " roots of " + std::to_string(n) +
                     " differ): GPU results would not match the CPU reference"};
    return p;
}

Result<FloatOpsProbe> deviceFloatOps() {
    // One GL context per process in practice (the viewer's, or the headless one): probe once.
    static std::optional<Result<FloatOpsProbe>> cached;
    if (!cached) {
        cached = probeFloatOps(1 << 18);
        // For measuring what exactness costs only (docs/PERFORMANCE.md): SLUICE_FLOAT_OPS_MODE=0..3
        // forces one mode for both operations, exact on this device or not.
        const char* forced = std::getenv("SLUICE_FLOAT_OPS_MODE");
        const bool valid = forced && forced[0] >= '0' && forced[0] <= '3' && forced[1] == '\0';
        if (forced && !valid) warnIgnoredEnv("SLUICE_FLOAT_OPS_MODE", forced, "0, 1, 2 or 3");
        if (*cached && valid) {
            (*cached)->divMode = forced[0] - '0';
            (*cached)->sqrtMode = forced[0] - '0';
        }
    }
    return *cached;
}

}  // namespace sluice::sim
