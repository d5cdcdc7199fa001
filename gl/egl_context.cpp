#include "gl/egl_context.hpp"

#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#ifdef SLUICE_SANITIZE
#include <dlfcn.h>
#endif

namespace sluice::gl {

std::string clientExtensions() {
    const char* ext = eglQueryString ? eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS) : nullptr;
    return ext ? ext : "none";
}

namespace {

#ifdef SLUICE_SANITIZE
// Sanitizer builds only (scripts/sanitize.sh). Mesa unloads its driver when the display is terminated,
// which leaves the driver's own leaks in an "<unknown module>" that no LeakSanitizer suppression can
// name; so the libraries SLUICE_SANITIZE_KEEP_MAPPED lists (paths, space-separated) are opened once,
// before the first display, with RTLD_NODELETE, and stay mapped until exit. Preloading them
// (LD_PRELOAD) did the same for every process, and cost each one that never makes a context (most
// tests, most spawned `sluice` runs) 0.2 s of loading the driver.
void keepDriverMapped() {
    static bool done = false;
    if (done) return;
    done = true;
    const char* list = std::getenv("SLUICE_SANITIZE_KEEP_MAPPED");
    std::istringstream paths(list ? list : "");
    for (std::string path; paths >> path;) dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE);
}
#endif

// Which EGL display to try, with a human-readable name for error messages.
struct Candidate {
    EGLDisplay display;
    std::string name;
};

std::vector<Candidate> candidateDisplays(std::string& notes) {
    std::vector<Candidate> out;
    // Device platform: the way to reach NVIDIA GPUs without X; Mesa lists llvmpipe as a device too.
    // EGL_EXT_device_base is the older name for enumeration + query together (glvnd may list either).
    const bool canEnumerate = GLAD_EGL_EXT_device_enumeration || GLAD_EGL_EXT_device_base;
    if (canEnumerate && GLAD_EGL_EXT_platform_device && eglQueryDevicesEXT) {
        EGLint count = 0;
        eglQueryDevicesEXT(0, nullptr, &count);
        std::vector<EGLDeviceEXT> devices(std::size_t(count > 0 ? count : 0));
        if (count > 0 && eglQueryDevicesEXT(count, devices.data(), &count)) {
            const char* pick = std::getenv("SLUICE_EGL_DEVICE");  // optional device index
            for (EGLint i = 0; i < count; ++i) {
                if (pick && std::atoi(pick) != i) continue;
                EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[std::size_t(i)], nullptr);
                if (d != EGL_NO_DISPLAY) out.push_back({d, "EGL device " + std::to_string(i)});
            }
        }
    } else {
        notes += " EGL device platform not offered (client extensions: " + clientExtensions() + ");";
    }
    if (GLAD_EGL_MESA_platform_surfaceless && eglGetPlatformDisplayEXT) {
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (d != EGL_NO_DISPLAY) out.push_back({d, "Mesa surfaceless"});
    }
    EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (d != EGL_NO_DISPLAY) out.push_back({d, "default display"});
    return out;
}

// Tries to make a GL 4.5+ core context current on one display (the code uses 4.5 direct state access
// and #version 450 shaders); returns an empty string on success.
std::string tryDisplay(EGLDisplay display, EGLContext& contextOut) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) return "eglInitialize failed";
    gladLoaderLoadEGL(display);  // reload: client extensions of this display
    if (!eglBindAPI(EGL_OPENGL_API)) return "desktop OpenGL API not available";
    const EGLint configAttribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint numConfigs = 0;
    const bool haveConfig = eglChooseConfig(display, configAttribs, &config, 1, &numConfigs) && numConfigs > 0;
    for (EGLint minorWanted : {6, 5}) {
        const EGLint ctxAttribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, minorWanted,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                     EGL_NONE};
        EGLContext ctx = eglCreateContext(display, haveConfig ? config : EGLConfig(nullptr), EGL_NO_CONTEXT, ctxAttribs);
        if (ctx == EGL_NO_CONTEXT) continue;
        if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
            contextOut = ctx;
            return {};
        }
        eglDestroyContext(display, ctx);
    }
    eglTerminate(display);
    return "no OpenGL 4.5 core context (EGL " + std::to_string(major) + "." + std::to_string(minor) + ")";
}

}  // namespace

Result<std::unique_ptr<EglContext>> EglContext::create() {
#ifdef SLUICE_SANITIZE
    keepDriverMapped();
#endif
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        return Error{"cannot load libEGL.so.1: install libegl1 and a GL driver (Mesa or NVIDIA)"};
    std::string notes;
    std::vector<Candidate> candidates = candidateDisplays(notes);
    if (candidates.empty())
        notes += " no EGL display at all (install a driver: Mesa's libegl-mesa0 and libgl1-mesa-dri, or NVIDIA's);";
    for (const Candidate& c : candidates) {
        EGLContext ctx = EGL_NO_CONTEXT;
        std::string why = tryDisplay(c.display, ctx);
        if (!why.empty()) {
            notes += " " + c.name + ": " + why + ";";
            continue;
        }
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
            notes += " " + c.name + ": loading GL functions failed;";
            eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            eglDestroyContext(c.display, ctx);
            continue;
        }
        auto out = std::unique_ptr<EglContext>(new EglContext());
        out->display_ = c.display;
        out->context_ = ctx;
        out->description_ = c.name + ": " + describeCurrentContext();
        const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        out->software_ = renderer && (std::strstr(renderer, "llvmpipe") || std::strstr(renderer, "softpipe"));
        return out;
    }
    return Error{"no headless OpenGL 4.5 context could be created through EGL:" + notes};
}

EglContext::~EglContext() {
    if (display_) {
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (context_) eglDestroyContext(display_, context_);
        eglTerminate(display_);
    }
}

std::string describeCurrentContext() {
    if (!glGetString) return {};
    auto str = [](GLenum e) {
        const GLubyte* s = glGetString(e);
        return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    return str(GL_RENDERER) + " / OpenGL " + str(GL_VERSION);
}

}  // namespace sluice::gl
