#pragma once
// The SDL2 window and its OpenGL 4.5 core context.
#include <SDL.h>

#include <string>

#include "gl/result.hpp"

namespace sluice::app {

/// SDL window plus GL context, released in reverse order of creation. Declare it before every GL
/// object of the viewer so that it is destroyed after them.
struct WindowContext {
    SDL_Window* window = nullptr;
    SDL_GLContext context = nullptr;
    WindowContext() = default;
    WindowContext(const WindowContext&) = delete;
    WindowContext& operator=(const WindowContext&) = delete;
    ~WindowContext();
};

/// Opens a 1280x800 resizable window with a GL 4.5 core context (direct state access, #version 450
/// shaders), loads GL through glad and turns vsync on where the driver allows it.
Result<void> openWindow(WindowContext& wc, const std::string& title);

}  // namespace sluice::app
