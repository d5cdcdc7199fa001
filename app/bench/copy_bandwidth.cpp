#include "app/bench/copy_bandwidth.hpp"

#include <algorithm>

#include "app/bench/timed_rate.hpp"
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "sim/gpu_layout.hpp"

namespace sluice::app {

double CopyCeiling::best() const { return std::max(computeOne, std::max(computeFour, driver)); }

namespace {

// Copies `vec4s` elements from src (at srcOffset) to dst (at dstOffset), perThread per invocation;
// returns bytes read + written per second.
double computeCopyRate(const gl::Program& prog, const gl::Buffer& src, const gl::Buffer& dst, std::size_t vec4s,
                       std::size_t srcOffset, std::size_t dstOffset, int perThread, double minSeconds) {
    src.bindStorage(SLUICE_BIND_COPY_SRC);
    dst.bindStorage(SLUICE_BIND_COPY_DST);
    prog.set("uCount", int(vec4s));
    prog.set("uPerThread", perThread);
    prog.set("uSrcOffset", int(srcOffset));
    prog.set("uDstOffset", int(dstOffset));
    prog.use();
    const std::size_t groups = (vec4s + 256 * std::size_t(perThread) - 1) / (256 * std::size_t(perThread));
    const GLuint gx = GLuint(std::min<std::size_t>(groups, 32768));
    const GLuint gy = GLuint((groups + gx - 1) / gx);
    const double rate = timedRate(
        [&](int n) {
            for (int i = 0; i < n; ++i) {
                glDispatchCompute(gx, gy, 1);
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            glFinish();
        },
        minSeconds);
    return rate * 2.0 * 16.0 * double(vec4s);
}

}  // namespace

Result<CopyCeiling> measureCopy(std::size_t bytes, double minSeconds) {
    auto prog = gl::Program::compute("sim/copy_bench.comp");
    if (!prog) return prog.error();
    gl::Buffer src(bytes), dst(bytes);
    src.fill32(0x3f800000u);
    CopyCeiling c;
    c.computeOne = computeCopyRate(*prog, src, dst, bytes / 16, 0, 0, 1, minSeconds);
    c.computeFour = computeCopyRate(*prog, src, dst, bytes / 16, 0, 0, 4, minSeconds);
    c.driver = 2.0 * double(bytes) * timedRate(
                                         [&](int n) {
                                             for (int i = 0; i < n; ++i)
                                                 glCopyNamedBufferSubData(src.id(), dst.id(), 0, 0, GLsizeiptr(bytes));
                                             glFinish();
                                         },
                                         minSeconds);
    return c;
}

Result<std::vector<CopySweepRow>> measureCopySweep(const std::vector<int>& mebibytes, double minSeconds) {
    auto prog = gl::Program::compute("sim/copy_bench.comp");
    if (!prog) return prog.error();
    constexpr std::size_t kWindow = std::size_t(256) << 20;
    GLint64 maxBlock = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    const auto bindable = [&](std::size_t bytes) { return GLint64(bytes) <= maxBlock; };
    std::vector<CopySweepRow> rows;
    for (int mib : mebibytes) {
        CopySweepRow r;
        r.bytes = std::size_t(mib) << 20;
        const std::size_t n = r.bytes / 16;
        if (!bindable(r.bytes)) return Error{"copy sweep: " + std::to_string(mib) + " MiB is more than a storage block binds"};
        {
            gl::Buffer src(r.bytes), dst(r.bytes);
            src.fill32(0x3f800000u);
            r.plain = computeCopyRate(*prog, src, dst, n, 0, 0, 4, minSeconds);
            if (r.bytes > kWindow) {
                r.windowBytes = kWindow;
                r.window = computeCopyRate(*prog, src, dst, kWindow / 16, 0, 0, 4, minSeconds);
            }
        }
        if (bindable(2 * r.bytes)) {
            gl::Buffer both(2 * r.bytes);
            both.fill32(0x3f800000u);
            r.oneBuffer = computeCopyRate(*prog, both, both, n, 0, n, 4, minSeconds);
        }
        if (glGetError() == GL_OUT_OF_MEMORY)
            return Error{"copy sweep: " + std::to_string(mib) + " MiB buffers do not fit in GPU memory"};
        rows.push_back(r);
    }
    return rows;
}

}  // namespace sluice::app
