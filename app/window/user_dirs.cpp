#include "app/window/user_dirs.hpp"

#include <cstdlib>
#include <string>
#include <system_error>

namespace sluice::app {

namespace {
Result<std::filesystem::path> resolve(const char* override, const char* xdgVar, const char* homeSuffix) {
    std::filesystem::path dir;
    if (const char* o = std::getenv(override); o && *o) {
        dir = o;
    } else if (const char* x = std::getenv(xdgVar); x && *x) {
        dir = std::filesystem::path(x) / "sluice";
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        dir = std::filesystem::path(home) / homeSuffix / "sluice";
    } else {
        return Error{std::string("no per-user directory: set ") + override + ", " + xdgVar + " or HOME"};
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir.string() + ": cannot create directory: " + ec.message()};
    return dir;
}
}  // namespace

Result<std::filesystem::path> userDataDir() { return resolve("SLUICE_DATA_DIR", "XDG_DATA_HOME", ".local/share"); }

Result<std::filesystem::path> userConfigDir() { return resolve("SLUICE_CONFIG_DIR", "XDG_CONFIG_HOME", ".config"); }

}  // namespace sluice::app
