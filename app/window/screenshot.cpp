#include "app/window/screenshot.hpp"

#include <glad/gl.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "sim/atomic_file.hpp"

namespace sluice::app {

namespace {
/// stb's write callback: appends the encoded bytes to a std::vector<std::byte>.
void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::byte>*>(context);
    const auto* bytes = static_cast<const std::byte*>(data);
    out->insert(out->end(), bytes, bytes + size);
}
}  // namespace

Result<void> saveScreenshot(const std::filesystem::path& path, int width, int height) {
    if (width <= 0 || height <= 0) return Error{path.string() + ": nothing to capture (empty window)"};
    const std::size_t rowBytes = std::size_t(width) * 3;
    std::vector<unsigned char> pixels(rowBytes * std::size_t(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of width*3 bytes are not 4-byte aligned in general
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());

    // GL returns the bottom row first; PNG wants the top row first.
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y) {
        const std::size_t from = std::size_t(height - 1 - y) * rowBytes;
        std::copy_n(pixels.begin() + std::ptrdiff_t(from), rowBytes, flipped.begin() + std::ptrdiff_t(std::size_t(y) * rowBytes));
    }
    std::vector<std::byte> png;
    if (!stbi_write_png_to_func(appendBytes, &png, width, height, 3, flipped.data(), int(rowBytes)))
        return Error{path.string() + ": PNG encoding failed"};
    return sim::writeFileAtomic(path, png);
}

std::filesystem::path nextScreenshotPath() {
    for (int n = 1;; ++n) {
        std::filesystem::path p = "sluice-screenshot-" + std::to_string(n) + ".png";
        std::error_code ec;
        if (!std::filesystem::exists(p, ec)) return p;
    }
}

}  // namespace sluice::app
