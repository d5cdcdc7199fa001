#pragma once
// Reads the depth-buffer value under one pixel without stalling: glReadPixels into a pixel-pack
// buffer guarded by a fence, collected a frame or two later when the fence has signalled.
#include <glad/gl.h>

#include <array>
#include <cstdint>
#include <optional>

namespace sluice::gl {

/// Ring of pending one-pixel depth reads of the currently bound read framebuffer.
class DepthProbe {
public:
    /// A finished read: window-space depth in [0,1] at pixel (x, y) (GL convention: y up), with the
    /// caller's tag (e.g. the frame number whose matrices unproject it).
    struct Sample {
        int x = 0, y = 0;
        float depth = 1.0f;
        std::uint64_t tag = 0;
    };

    DepthProbe();
    ~DepthProbe();
    DepthProbe(const DepthProbe&) = delete;
    DepthProbe& operator=(const DepthProbe&) = delete;

    /// Queues a read of pixel (x, y); skipped when every slot is still in flight.
    void request(int x, int y, std::uint64_t tag);
    /// The newest read that has completed since the last call, if any. Never waits.
    std::optional<Sample> poll();

private:
    struct Slot {
        GLuint pbo = 0;
        GLsync fence = nullptr;
        Sample sample;
    };
    static constexpr int kSlots = 3;
    std::array<Slot, kSlots> slots_{};
    int next_ = 0;
};

}  // namespace sluice::gl
