#pragma once
// Frames encoded to H.264 by an ffmpeg child process into a hidden temporary beside the target
// (".NAME.partial-PID.EXT", same directory so the final rename is atomic), renamed over the target
// once ffmpeg has exited successfully.
#include <filesystem>
#include <memory>
#include <string>

#include "app/record/ffmpeg_pipe.hpp"
#include "app/record/frame_sink.hpp"

namespace sluice::app {

/// An encoding in progress. Destroying it unfinished stops ffmpeg and deletes the temporary.
class VideoFileSink final : public FrameSink {
public:
    /// Starts `ffmpeg` (a path, see findFfmpeg) writing `target` (.mp4, .mov or .mkv): width x height
    /// RGBA frames at fps per second. Odd sizes are padded by one black row/column (yuv420p needs even
    /// sizes). The target's directory must exist.
    static Result<std::unique_ptr<VideoFileSink>> start(const std::string& ffmpeg, const std::filesystem::path& target,
                                                       int width, int height, double fps);
    ~VideoFileSink() override;

    Result<void> write(std::span<const std::uint8_t> rgbaTopRowFirst) override;
    Result<void> finish() override;

private:
    VideoFileSink() = default;
    std::unique_ptr<FfmpegPipe> ffmpeg_;
    std::filesystem::path target_, temp_;
    bool finished_ = false;
};

}  // namespace sluice::app
