#include "app/window/screenshot.hpp"

#include "render/png_output.hpp"

namespace sluice::app {

Result<void> saveScreenshot(const std::filesystem::path& path, int width, int height) {
    if (width <= 0 || height <= 0) return Error{path.string() + ": nothing to capture (empty window)"};
    // The window's back buffer is framebuffer 0; the same reader serves the headless `render` verb.
    return render::writePng(path, render::readFramebuffer(0, width, height));
}

std::filesystem::path nextScreenshotPath() {
    for (int n = 1;; ++n) {
        std::filesystem::path p = "sluice-screenshot-" + std::to_string(n) + ".png";
        std::error_code ec;
        if (!std::filesystem::exists(p, ec)) return p;
    }
}

}  // namespace sluice::app
