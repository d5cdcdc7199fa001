#pragma once
// Reads whole frames back without stalling the GPU pipeline: each request is a glReadPixels into one
// of a ring of pixel-pack buffers plus a fence; a frame is collected (mapped, rows flipped) once its
// fence has signalled, normally a frame or two later. Only a full ring makes a request wait, for the
// oldest frame. Used by the video recorder (app/record/video_recorder).
#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::gl {

/// Ring of pending RGBA8 reads of (0, 0, width, height) of a framebuffer's colour attachment 0.
/// Frames come out in request order. Needs the GL context current on the calling thread.
class FrameReadback {
public:
    /// Allocates `slots` pixel-pack buffers of width*height*4 bytes (slots >= 1).
    FrameReadback(int width, int height, int slots = 3);
    ~FrameReadback();
    FrameReadback(const FrameReadback&) = delete;
    FrameReadback& operator=(const FrameReadback&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    /// Bytes of one frame: width * height * 4 (RGBA8).
    std::size_t frameBytes() const { return std::size_t(width_) * std::size_t(height_) * 4; }
    /// Reads issued and not yet collected.
    int pending() const { return pending_; }
    bool full() const { return pending_ == int(slots_.size()); }

    /// Queues a read of `framebuffer` (0 = the default framebuffer's current read buffer, e.g. the
    /// back buffer before the swap). The ring must not be full: collect the oldest frame first.
    void request(GLuint framebuffer);
    /// True when the oldest pending read has completed, so collectOldest() will not wait. Never waits.
    bool oldestReady();
    /// Copies the oldest pending frame into `rgbaTopRowFirst` (resized to frameBytes(), top row first
    /// like an image file, while GL returns the bottom row first) and frees its slot. Waits for its
    /// fence when it has not signalled yet. There must be a pending read. False when the buffer could
    /// not be mapped (lost context, out of memory): the slot is freed and the frame lost.
    bool collectOldest(std::vector<std::uint8_t>& rgbaTopRowFirst);

private:
    struct Slot {
        GLuint pbo = 0;
        GLsync fence = nullptr;
    };
    int width_ = 0, height_ = 0;
    std::vector<Slot> slots_;
    int oldest_ = 0;   ///< index of the oldest pending slot
    int pending_ = 0;  ///< slots in flight: oldest_, oldest_ + 1, ... (mod size)
};

}  // namespace sluice::gl
