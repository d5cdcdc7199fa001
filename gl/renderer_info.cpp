#include "gl/renderer_info.hpp"

#include <glad/gl.h>

#include <cstring>

namespace sluice::gl {

bool isSoftwareRenderer() {
    const char* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return r && (std::strstr(r, "llvmpipe") || std::strstr(r, "softpipe") || std::strstr(r, "SwiftShader"));
}

}  // namespace sluice::gl
