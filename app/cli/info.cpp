// `sluice info`: the headless OpenGL context found.
#include <iostream>

#include <glad/gl.h>

#include "app/cli/args.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"

namespace sluice::app {

int runInfo(int, char**) {
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
