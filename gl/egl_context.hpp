#pragma once
// Headless OpenGL context through EGL, for the CLI, tests and benchmarks (no window, no display).
// Tries, in order: EGL device platform (NVIDIA and Mesa expose devices), Mesa's surfaceless platform,
// then the default display. The first one that yields a GL 4.5 core context wins.
#include <memory>
#include <string>

#include "gl/result.hpp"

namespace sluice::gl {

/// Owns an EGL display + context made current on the creating thread. GL functions are loaded
/// through glad when create() succeeds. Destroying it releases the context.
class EglContext {
public:
    /// Creates the context; the error says which platforms were tried and why each failed.
    static Result<std::unique_ptr<EglContext>> create();
    ~EglContext();
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;

    /// "NVIDIA H200 ... / 4.5.0 NVIDIA ..." style description of the renderer.
    const std::string& description() const { return description_; }
    /// True on a software rasteriser (llvmpipe, softpipe): callers pick smaller defaults.
    bool isSoftware() const { return software_; }

private:
    EglContext() = default;
    void* display_ = nullptr;
    void* context_ = nullptr;
    std::string description_;
    bool software_ = false;
};

/// The EGL client extension string (after EglContext::create() loaded EGL), for diagnostics.
std::string clientExtensions();

/// Queries the current context: version, renderer, limits. Empty string if no context is current.
std::string describeCurrentContext();

}  // namespace sluice::gl
