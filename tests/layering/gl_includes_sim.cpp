// Layering probe (tests/CMakeLists.txt): gl must not see the simulation.
#include "sim/scene.hpp"
