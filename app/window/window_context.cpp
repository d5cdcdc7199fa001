#include "app/window/window_context.hpp"

#include <glad/gl.h>

namespace sluice::app {

WindowContext::~WindowContext() {
    if (context) SDL_GL_DeleteContext(context);
    if (window) SDL_DestroyWindow(window);
    SDL_Quit();
}

Result<void> openWindow(WindowContext& wc, const std::string& title) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return Error{std::string("cannot open a display: ") + SDL_GetError()};
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);  // the map is drawn in one layer
    wc.window = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                                 SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!wc.window) return Error{std::string("cannot create an OpenGL window: ") + SDL_GetError()};
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 4);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 5);
    wc.context = SDL_GL_CreateContext(wc.window);
    if (!wc.context) return Error{std::string("no OpenGL 4.5 core context: ") + SDL_GetError()};
    SDL_GL_MakeCurrent(wc.window, wc.context);
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress));
    if (version == 0) return Error{"cannot load the OpenGL functions"};
    if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 45)
        return Error{"OpenGL 4.5 or newer is needed, the context offers " + std::to_string(GLAD_VERSION_MAJOR(version)) +
                     "." + std::to_string(GLAD_VERSION_MINOR(version))};
    SDL_GL_SetSwapInterval(1);  // vsync; where refused the frame rate is simply uncapped
    return {};
}

}  // namespace sluice::app
