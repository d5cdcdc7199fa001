// OpenEXR through its C++ API. The image is encoded into memory (Imf::OStream) and written with
// writeFileAtomic, so a failed export never leaves half a file; OpenEXR reports errors by exceptions,
// which stop here.
#include "sim/exchange/exr_file.hpp"

#include <cstring>
#include <vector>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>

#include "sim/atomic_file.hpp"
#include "sim/exchange/height_image.hpp"

namespace sluice::sim {

namespace {

/// An Imf::OStream that grows a byte vector (OpenEXR seeks back to patch the line offset table).
class MemoryOStream : public Imf::OStream {
public:
    MemoryOStream() : Imf::OStream("memory") {}
    void write(const char c[], int n) override {
        if (pos_ + std::size_t(n) > bytes_.size()) bytes_.resize(pos_ + std::size_t(n));
        std::memcpy(bytes_.data() + pos_, c, std::size_t(n));
        pos_ += std::size_t(n);
    }
    uint64_t tellp() override { return pos_; }
    void seekp(uint64_t pos) override { pos_ = std::size_t(pos); }
    const std::vector<std::byte>& bytes() const { return bytes_; }

private:
    std::vector<std::byte> bytes_;
    std::size_t pos_ = 0;
};

}  // namespace

Result<void> writeExr(const std::filesystem::path& path, int width, int height, std::span<const ExrChannel> channels) {
    const std::string name = path.string();
    if (width <= 0 || height <= 0 || channels.empty())
        return Error{name + ": cannot write a " + std::to_string(width) + "x" + std::to_string(height) + " EXR with " +
                     std::to_string(channels.size()) + " channels"};
    try {
        Imf::Header header(width, height);
        header.compression() = Imf::ZIP_COMPRESSION;
        std::vector<std::vector<float>> imageOrder;
        Imf::FrameBuffer frame;
        for (const ExrChannel& c : channels) {
            header.channels().insert(c.name, Imf::Channel(Imf::FLOAT));
            imageOrder.push_back(flipRows(c.values, width, height));
            frame.insert(c.name, Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(imageOrder.back().data()), sizeof(float),
                                            sizeof(float) * std::size_t(width)));
        }
        MemoryOStream stream;
        {
            Imf::OutputFile out(stream, header);
            out.setFrameBuffer(frame);
            out.writePixels(height);
        }  // the destructor writes the line offset table
        return writeFileAtomic(path, stream.bytes());
    } catch (const std::exception& e) {
        return Error{name + ": cannot encode EXR: " + e.what()};
    }
}

Result<HeightImage> readExrHeights(const std::filesystem::path& path) {
    const std::string name = path.string();
    try {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) return Error{name + ": cannot open EXR file: no such file"};
        Imf::InputFile in(path.c_str());
        const Imf::ChannelList& list = in.header().channels();
        std::vector<std::string> names;
        for (auto it = list.begin(); it != list.end(); ++it) names.emplace_back(it.name());
        std::string channel;
        if (names.size() == 1) channel = names[0];
        else if (list.findChannel("Y")) channel = "Y";
        else
            return Error{name + ": expected a single-channel EXR (or one with a Y channel), got " +
                         std::to_string(names.size()) + " channels"};
        const Imf::PixelType type = list.findChannel(channel)->type;
        if (type == Imf::UINT) return Error{name + ": channel " + channel + " holds integers, expected HALF or FLOAT heights"};
        const Imath::Box2i dw = in.header().dataWindow();
        const long long w = (long long)dw.max.x - dw.min.x + 1, h = (long long)dw.max.y - dw.min.y + 1;
        if (w <= 0 || h <= 0 || w * h > (1LL << 28)) return Error{name + ": EXR data window is empty or too large"};
        std::vector<float> pixels(std::size_t(w * h));
        Imf::FrameBuffer frame;
        // Slices address pixel (x, y) as base + x * xStride + y * yStride, so offset by the window's origin.
        char* base = reinterpret_cast<char*>(pixels.data()) -
                     (std::ptrdiff_t(dw.min.x) + std::ptrdiff_t(dw.min.y) * std::ptrdiff_t(w)) * std::ptrdiff_t(sizeof(float));
        frame.insert(channel, Imf::Slice(Imf::FLOAT, base, sizeof(float), sizeof(float) * std::size_t(w)));
        in.setFrameBuffer(frame);
        in.readPixels(dw.min.y, dw.max.y);
        HeightImage out;
        out.width = int(w);
        out.height = int(h);
        out.heightsM = flipRows(pixels.data(), out.width, out.height);
        return out;
    } catch (const std::exception& e) {
        return Error{name + ": cannot read EXR: " + e.what()};
    }
}

}  // namespace sluice::sim
