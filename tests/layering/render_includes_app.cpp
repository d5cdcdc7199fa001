// Layering probe (tests/CMakeLists.txt): render must not see the application.
#include "app/cli/args.hpp"
