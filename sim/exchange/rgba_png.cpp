#include "sim/exchange/rgba_png.hpp"

#include <cstddef>

#include <stb_image_write.h>

#include "sim/atomic_file.hpp"

namespace sluice::sim {

Result<void> writePng8(const std::filesystem::path& path, const std::vector<std::uint8_t>& pixels, int width, int height,
                       int channels) {
    const std::string name = path.string();
    const std::size_t rowBytes = std::size_t(width) * std::size_t(channels);
    if (width <= 0 || height <= 0 || pixels.size() != rowBytes * std::size_t(height))
        return Error{name + ": cannot write a " + std::to_string(width) + "x" + std::to_string(height) + " PNG from " +
                     std::to_string(pixels.size()) + " bytes"};
    std::vector<std::byte> png;
    // stb writes rows top first; a negative stride starting at the last (northmost) row flips them.
    const std::uint8_t* north = pixels.data() + rowBytes * std::size_t(height - 1);
    auto sink = [](void* ctx, void* data, int size) {
        auto* out = static_cast<std::vector<std::byte>*>(ctx);
        const auto* b = static_cast<const std::byte*>(data);
        out->insert(out->end(), b, b + size);
    };
    if (!stbi_write_png_to_func(sink, &png, width, height, channels, north, -int(rowBytes)))
        return Error{name + ": cannot encode PNG"};
    return writeFileAtomic(path, png);
}

}  // namespace sluice::sim
