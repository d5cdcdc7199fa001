#pragma once
// Records rendered frames to a video file (H.264 through an ffmpeg child process) or to numbered PNG
// files. Shared by `sluice record` and the viewer's record button; knows nothing of either.
//
// Capture never stalls the GPU pipeline while the ring of 3 pixel-pack buffers has room: pushFrame()
// queues an asynchronous read and hands on only frames whose reads have already completed. Frames
// leave in push order. Writing to ffmpeg blocks while the encoder is behind (back-pressure, not
// dropped frames). Output appears atomically in finish(); a recorder destroyed without a successful
// finish() leaves no partial file and keeps an existing one.
#include <glad/gl.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/record/frame_sink.hpp"
#include "app/record/recording_output.hpp"
#include "gl/frame_readback.hpp"
#include "gl/result.hpp"

namespace sluice::app {

/// One recording of fixed-size frames. Needs the GL context current on the calling thread for its
/// whole life (it owns pixel-pack buffers and fences).
class VideoRecorder {
public:
    /// Starts a recording to `output` (see classifyRecordingOutput: .mp4/.mov/.mkv, DIR/ or a pattern
    /// like frames/%05d.png) of widthPx x heightPx frames at fps frames per second (the video's
    /// rate; PNG sequences ignore it). Errors: unusable path, ffmpeg missing (checked before anything
    /// is created), ffmpeg failing to start; each names the output.
    static Result<std::unique_ptr<VideoRecorder>> open(const std::string& output, int widthPx, int heightPx,
                                                       double fps);
    ~VideoRecorder();
    VideoRecorder(const VideoRecorder&) = delete;
    VideoRecorder& operator=(const VideoRecorder&) = delete;

    /// Queues (0, 0, width, height) of colour attachment 0 of `framebuffer` (0 = the default
    /// framebuffer's read buffer: call before swapping buffers), then passes on every earlier frame
    /// whose read has completed; waits only when 3 reads are in flight. The first error (ffmpeg
    /// died, disk full) is returned here and by every later call.
    Result<void> pushFrame(GLuint framebuffer);
    /// Waits for the frames in flight, writes them, completes the file (waits for ffmpeg and checks
    /// its exit status) and moves the output into place. Call once; the recorder is spent after it.
    Result<void> finish();

    const RecordingOutput& output() const { return output_; }
    int width() const { return readback_.width(); }
    int height() const { return readback_.height(); }
    /// Frames pushed so far, and how many of them have reached the sink.
    long long framesPushed() const { return pushed_; }
    long long framesWritten() const { return written_; }

private:
    VideoRecorder(RecordingOutput output, std::unique_ptr<FrameSink> sink, int widthPx, int heightPx);
    /// Collects the oldest read (waiting if needed) and writes it to the sink.
    Result<void> writeOldest();
    Result<void> fail(Error e);

    RecordingOutput output_;
    std::unique_ptr<FrameSink> sink_;
    gl::FrameReadback readback_;
    std::vector<std::uint8_t> frame_;  ///< reused: one frame, RGBA8, top row first
    long long pushed_ = 0, written_ = 0;
    bool finished_ = false;
    std::string error_;  ///< first failure; non-empty makes every later call fail
};

}  // namespace sluice::app
