#include "render/png_output.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <cstddef>

#include "sim/atomic_file.hpp"

namespace sluice::render {

namespace {
/// stb's write callback: appends the encoded bytes to a std::vector<std::byte>.
void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::byte>*>(context);
    const auto* bytes = static_cast<const std::byte*>(data);
    out->insert(out->end(), bytes, bytes + size);
}
}  // namespace

RgbImage readFramebuffer(GLuint framebuffer, int width, int height) {
    RgbImage image{width, height, {}};
    const std::size_t rowBytes = std::size_t(width) * 3;
    std::vector<unsigned char> pixels(rowBytes * std::size_t(height));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    if (framebuffer != 0) glNamedFramebufferReadBuffer(framebuffer, GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of width*3 bytes are not 4-byte aligned in general
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL returns the bottom row first; images are top row first.
    image.rgb.resize(pixels.size());
    for (int y = 0; y < height; ++y)
        std::copy_n(pixels.begin() + std::ptrdiff_t(std::size_t(height - 1 - y) * rowBytes), rowBytes,
                    image.rgb.begin() + std::ptrdiff_t(std::size_t(y) * rowBytes));
    return image;
}

Result<void> writePng(const std::filesystem::path& path, const RgbImage& image) {
    if (image.width <= 0 || image.height <= 0 || image.rgb.size() != std::size_t(image.width) * std::size_t(image.height) * 3)
        return Error{path.string() + ": nothing to write (empty image)"};
    std::vector<std::byte> png;
    if (!stbi_write_png_to_func(appendBytes, &png, image.width, image.height, 3, image.rgb.data(), image.width * 3))
        return Error{path.string() + ": PNG encoding failed"};
    return sim::writeFileAtomic(path, png);
}

}  // namespace sluice::render
