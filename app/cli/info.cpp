// `sluice info`: the headless OpenGL context found, and how its kernels round division and square root.
#include <iostream>

#include <glad/gl.h>

#include "app/cli/args.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"
#include "sim/exact_float_ops.hpp"

namespace sluice::app {

int runInfo(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("info");
    int exitCode = kExitOk;
    auto args = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!args) return exitCode;
    if (!args->positional.empty()) return verbUsageError(spec, "unexpected argument " + args->positional[0]);
    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    GLint64 maxBlock = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    std::cout << (*ctx)->description() << "\nmax storage block: " << maxBlock / (1024 * 1024) << " MiB\n"
              << "EGL client extensions: " << gl::clientExtensions() << "\n";
    // How the kernels get division and square root rounded as the CPU rounds them (portable.h).
    const char* modes[] = {"the driver's own", "driver's corrected by fma residuals", "driver's corrected by double residuals",
                           "double precision"};
    if (auto p = sim::deviceFloatOps()) {
        std::cout << "exact float ops: division " << modes[p->divMode] << " (the driver's differs from IEEE in "
                  << p->divWrong[0] << " of " << p->operands << "), sqrt " << modes[p->sqrtMode] << " (the driver's in "
                  << p->sqrtWrong[0] << ")\n";
    } else {
        std::cerr << "error: " << p.error().message << "\n";
        return kExitNoGpu;
    }
    return kExitOk;
}

}  // namespace sluice::app
