#include "app/record/png_sequence_sink.hpp"

#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <fstream>

#include "render/png_output.hpp"

namespace sluice::app {

namespace fs = std::filesystem;

namespace {
/// A DIR/ output replaces the whole directory: allowed for a new or empty one, or one that holds
/// only an earlier recording's frames (and the output marker), never for one with other files or the
/// one we run in.
Result<void> checkRecordingReplaceable(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return {};
    const fs::path abs = fs::weakly_canonical(dir, ec);
    const fs::path cwd = fs::current_path(ec);
    const auto [mismatch, rest] = std::mismatch(abs.begin(), abs.end(), cwd.begin(), cwd.end());
    if (mismatch == abs.end())
        return Error{dir.string() + ": is the current directory or holds it; record into a new directory (DIR/)"};
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        const bool frame = name.size() > 10 && name.rfind("frame_", 0) == 0 && e.path().extension() == ".png";
        if (!frame && name != kOutputMarker)
            return Error{dir.string() + ": holds other files than frames (" + name +
                         "), and DIR/ output replaces the whole directory: choose a new directory or a pattern "
                         "like " + (dir / "%05d.png").string()};
    }
    return {};
}
}  // namespace

Result<std::unique_ptr<PngSequenceSink>> PngSequenceSink::start(const RecordingOutput& output, int width, int height) {
    std::unique_ptr<PngSequenceSink> sink(new PngSequenceSink());
    sink->output_ = output;
    sink->width_ = width;
    sink->height_ = height;
    if (output.kind == RecordingOutput::Kind::PngDirectory) {
        if (auto ok = checkRecordingReplaceable(output.path); !ok) return ok.error();
        // Frames alone are an earlier recording's, also from versions before the marker: mark them
        // so that OutputDir (which refuses unmarked folders of files) replaces them.
        std::error_code ec;
        if (fs::is_directory(output.path, ec) && !fs::is_empty(output.path, ec))
            std::ofstream(output.path / kOutputMarker) << "";
        auto dir = OutputDir::begin(output.path);
        if (!dir) return dir.error();
        sink->directory_.emplace(std::move(*dir));
        sink->staging_ = sink->directory_->file("");
        return sink;
    }
    // Pattern: stage inside the pattern's directory so the final renames stay on one file system.
    const fs::path dir = output.frameDirectory();
    std::error_code ec;
    sink->createdDirectory_ = !fs::exists(dir, ec);
    fs::create_directories(dir, ec);
    if (ec) return Error{dir.string() + ": cannot create directory: " + ec.message()};
    sink->staging_ = dir / (".sluice-frames.partial-" + std::to_string(::getpid()));
    fs::remove_all(sink->staging_, ec);
    fs::create_directory(sink->staging_, ec);
    if (ec) return Error{sink->staging_.string() + ": cannot create staging directory: " + ec.message()};
    return sink;
}

PngSequenceSink::~PngSequenceSink() {
    // A directory output's staging is removed by OutputDir itself.
    if (!finished_ && !directory_) {
        std::error_code ec;
        fs::remove_all(staging_, ec);
        if (createdDirectory_) fs::remove(output_.frameDirectory(), ec);  // only if still empty
    }
}

Result<void> PngSequenceSink::write(std::span<const std::uint8_t> rgbaTopRowFirst) {
    render::RgbImage image{width_, height_, {}};
    const std::size_t pixels = std::size_t(width_) * std::size_t(height_);
    assert(rgbaTopRowFirst.size() == pixels * 4);
    image.rgb.resize(pixels * 3);
    for (std::size_t i = 0; i < pixels; ++i) {
        image.rgb[3 * i] = rgbaTopRowFirst[4 * i];
        image.rgb[3 * i + 1] = rgbaTopRowFirst[4 * i + 1];
        image.rgb[3 * i + 2] = rgbaTopRowFirst[4 * i + 2];
    }
    const std::string name = output_.frameFileName(frames_);
    if (auto ok = render::writePng(staging_ / name, image); !ok) return ok;
    ++frames_;
    return {};
}

Result<void> PngSequenceSink::finish() {
    if (directory_) {
        if (auto ok = directory_->commit(); !ok) return ok;
        finished_ = true;
        return {};
    }
    const fs::path dir = output_.frameDirectory();
    for (long long i = 0; i < frames_; ++i) {
        const std::string name = output_.frameFileName(i);
        std::error_code ec;
        fs::rename(staging_ / name, dir / name, ec);
        if (ec) return Error{(dir / name).string() + ": cannot move the frame into place: " + ec.message()};
    }
    std::error_code ec;
    fs::remove(staging_, ec);
    finished_ = true;
    return {};
}

}  // namespace sluice::app
