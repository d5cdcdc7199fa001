// Layering probe (tests/CMakeLists.txt): sim must not see the renderer.
#include "render/camera.hpp"
