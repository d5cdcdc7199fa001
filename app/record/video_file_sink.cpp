#include "app/record/video_file_sink.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <system_error>

namespace sluice::app {

namespace fs = std::filesystem;

namespace {
/// Shortest decimal text of a frame rate ("12", "29.97").
std::string rateText(double fps) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof(buf), fps);
    return std::string(buf, r.ptr);
}
}  // namespace

Result<std::unique_ptr<VideoFileSink>> VideoFileSink::start(const std::string& ffmpeg, const fs::path& target,
                                                           int width, int height, double fps) {
    std::error_code ec;
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    fs::create_directories(dir, ec);  // missing folders are made, as for every other output
    if (!fs::is_directory(dir, ec)) return Error{target.string() + ": cannot write: cannot create folder " + dir.string()};
    if (fs::is_directory(target, ec)) return Error{target.string() + ": is a directory"};

    std::unique_ptr<VideoFileSink> sink(new VideoFileSink());
    sink->target_ = target;
    // Keeps the extension, which tells ffmpeg the container.
    sink->temp_ = dir / ("." + target.stem().string() + ".partial-" + std::to_string(::getpid()) +
                         target.extension().string());
    fs::remove(sink->temp_, ec);

    const std::string ext = target.extension().string();
    std::vector<std::string> args = {
        "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
        // Input: raw RGBA frames on stdin, top row first.
        "-f", "rawvideo", "-pix_fmt", "rgba", "-s", std::to_string(width) + "x" + std::to_string(height),
        "-r", rateText(fps), "-i", "-"};
    if (width % 2 != 0 || height % 2 != 0) {
        // 4:2:0 chroma needs even sizes: add one black column/row rather than refuse odd windows.
        args.insert(args.end(), {"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"});
    }
    // yuv420p: the H.264 profile every player decodes (x264 would keep 4:4:4 from RGB input).
    args.insert(args.end(), {"-c:v", "libx264", "-pix_fmt", "yuv420p"});
    // The index at the front of the file: a browser can start playing before the download ends.
    if (ext != ".mkv") args.insert(args.end(), {"-movflags", "+faststart"});
    args.push_back(sink->temp_.string());

    auto pipe = FfmpegPipe::start(ffmpeg, args);
    if (!pipe) return Error{target.string() + ": " + pipe.error().message};
    sink->ffmpeg_ = std::move(*pipe);
    return sink;
}

VideoFileSink::~VideoFileSink() {
    if (!finished_) {
        ffmpeg_.reset();  // kills and reaps it before its file is removed
        std::error_code ec;
        fs::remove(temp_, ec);
    }
}

Result<void> VideoFileSink::write(std::span<const std::uint8_t> rgbaTopRowFirst) {
    if (auto ok = ffmpeg_->write(rgbaTopRowFirst); !ok) return Error{target_.string() + ": " + ok.error().message};
    return {};
}

Result<void> VideoFileSink::finish() {
    if (auto ok = ffmpeg_->finish(); !ok) return Error{target_.string() + ": " + ok.error().message};
    // Flush ffmpeg's file to disk before it replaces the previous video, as sim/atomic_file does.
    if (const int fd = ::open(temp_.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
        (void)::fsync(fd);
        ::close(fd);
    }
    std::error_code ec;
    fs::rename(temp_, target_, ec);
    if (ec) return Error{target_.string() + ": cannot move the finished video into place: " + ec.message()};
    finished_ = true;
    return {};
}

}  // namespace sluice::app
