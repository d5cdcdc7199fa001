// Layering probe (tests/CMakeLists.txt): the CLI side of app must not see the window code.
#include "app/window/panels.hpp"
