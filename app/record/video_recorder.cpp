#include "app/record/video_recorder.hpp"

#include "app/record/ffmpeg_pipe.hpp"
#include "app/record/png_sequence_sink.hpp"
#include "app/record/video_file_sink.hpp"

namespace sluice::app {

Result<std::unique_ptr<VideoRecorder>> VideoRecorder::open(const std::string& output, int widthPx, int heightPx,
                                                           double fps) {
    if (widthPx < 1 || heightPx < 1 || widthPx > 16384 || heightPx > 16384)
        return Error{output + ": frame size " + std::to_string(widthPx) + "x" + std::to_string(heightPx) +
                     " is out of range (1 to 16384 pixels per side)"};
    if (!(fps > 0 && fps <= 1000)) return Error{output + ": frame rate must be in (0, 1000] frames per second"};
    auto target = classifyRecordingOutput(output);
    if (!target) return target.error();

    std::unique_ptr<FrameSink> sink;
    if (target->needsFfmpeg()) {
        auto ffmpeg = findFfmpeg();
        if (!ffmpeg) return Error{output + ": " + ffmpeg.error().message};
        auto video = VideoFileSink::start(*ffmpeg, target->path, widthPx, heightPx, fps);
        if (!video) return video.error();
        sink = std::move(*video);
    } else {
        auto frames = PngSequenceSink::start(*target, widthPx, heightPx);
        if (!frames) return frames.error();
        sink = std::move(*frames);
    }
    return std::unique_ptr<VideoRecorder>(new VideoRecorder(std::move(*target), std::move(sink), widthPx, heightPx));
}

VideoRecorder::VideoRecorder(RecordingOutput output, std::unique_ptr<FrameSink> sink, int widthPx, int heightPx)
    : output_(std::move(output)), sink_(std::move(sink)), readback_(widthPx, heightPx, 3) {}

// Unfinished: the sink's destructor throws the partial output away; frames in flight are dropped
// with the pixel-pack buffers.
VideoRecorder::~VideoRecorder() = default;

Result<void> VideoRecorder::fail(Error e) {
    if (error_.empty()) error_ = e.message;
    return Error{error_};
}

Result<void> VideoRecorder::writeOldest() {
    if (!readback_.collectOldest(frame_))
        return fail(Error{output_.path.string() + ": frame " + std::to_string(written_) +
                          " could not be read back from the GPU (mapping the pixel buffer failed)"});
    if (auto ok = sink_->write(frame_); !ok) return fail(ok.error());
    ++written_;
    return {};
}

Result<void> VideoRecorder::pushFrame(GLuint framebuffer) {
    if (!error_.empty()) return Error{error_};
    if (finished_) return fail(Error{output_.path.string() + ": the recording is already finished"});
    // Hand on what is complete, oldest first, so the ring rarely fills.
    while (readback_.oldestReady())
        if (auto ok = writeOldest(); !ok) return ok;
    if (readback_.full())
        if (auto ok = writeOldest(); !ok) return ok;  // the one place capture waits for the GPU
    readback_.request(framebuffer);
    ++pushed_;
    return {};
}

Result<void> VideoRecorder::finish() {
    if (!error_.empty()) return Error{error_};
    if (finished_) return fail(Error{output_.path.string() + ": the recording is already finished"});
    finished_ = true;
    while (readback_.pending() > 0)
        if (auto ok = writeOldest(); !ok) return ok;
    if (written_ == 0) return fail(Error{output_.path.string() + ": no frames were recorded"});
    if (auto ok = sink_->finish(); !ok) return fail(ok.error());
    return {};
}

}  // namespace sluice::app
