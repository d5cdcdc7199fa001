// Layering probe (tests/CMakeLists.txt): only app/window sees ImGui (and SDL2).
#include <imgui.h>
