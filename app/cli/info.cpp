// `sluice info`: the headless OpenGL context found.
#include <iostream>

#include <glad/gl.h>

#include "app/cli/args.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"

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
    return kExitOk;
}

}  // namespace sluice::app
