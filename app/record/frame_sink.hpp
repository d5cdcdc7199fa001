#pragma once
// Where a recorder's frames go: an encoder process or image files. Each sink writes to a temporary
// place and moves the result into place only in finish(), so an abandoned or failed recording (the
// sink destroyed without a successful finish) leaves the previous output as it was.
#include <cstdint>
#include <span>

#include "gl/result.hpp"

namespace sluice::app {

/// Receives frames of a fixed size as RGBA8, top row first, in order.
class FrameSink {
public:
    virtual ~FrameSink() = default;
    /// One frame of width * height * 4 bytes. The first error ends the recording.
    virtual Result<void> write(std::span<const std::uint8_t> rgbaTopRowFirst) = 0;
    /// Completes the output and moves it into place. Called once, after the last write.
    virtual Result<void> finish() = 0;
};

}  // namespace sluice::app
