#pragma once
// What a recording's output path asks for: an encoded video file, a directory of PNG frames, or a
// numbered PNG pattern. Decided from the path alone (plus whether it is an existing directory), so a
// caller can tell before any work whether ffmpeg is needed.
#include <filesystem>
#include <string>

#include "gl/result.hpp"

namespace sluice::app {

/// A classified recording output.
struct RecordingOutput {
    enum class Kind {
        Video,         ///< .mp4 / .mov / .mkv, H.264 through ffmpeg
        PngDirectory,  ///< DIR/ (or an existing directory): DIR/frame_00000.png, ... (the directory is replaced)
        PngPattern,    ///< e.g. frames/%05d.png: frames/00000.png, ... (other files there are kept)
    };
    Kind kind = Kind::Video;
    std::filesystem::path path;  ///< the file, the directory, or the pattern as given

    bool needsFfmpeg() const { return kind == Kind::Video; }
    /// File name of frame `index` (from 0) in PNG modes: "frame_00012.png" or the pattern's expansion.
    std::string frameFileName(long long index) const;
    /// Directory the PNG frames go to.
    std::filesystem::path frameDirectory() const;
};

/// Classifies `text` (as given on a command line): a trailing '/' or an existing directory is a PNG
/// directory; a file name with a printf-style `%d` / `%0Nd` (N 1..9, `%%` for a literal %) ending in
/// .png is a pattern; .mp4, .mov and .mkv are videos. The error says what is accepted.
Result<RecordingOutput> classifyRecordingOutput(const std::string& text);

/// Whether the output could be written (app/output/output_check.hpp, checkWritable): the video file,
/// the frames' folder, or the pattern's folder. Creates nothing; the error names `option`.
Result<void> checkRecordingWritable(const std::string& option, const RecordingOutput& output);

}  // namespace sluice::app
