#pragma once
// Frames written as numbered PNG files. They go into a hidden staging directory first; finish()
// then either swaps the staging directory in for the target directory (DIR/ output: stale frames of
// an older, longer recording disappear) or moves each file into the pattern's directory (pattern
// output: other files there stay). A failed recording leaves no frames behind.
#include <filesystem>
#include <memory>
#include <optional>

#include "app/record/frame_sink.hpp"
#include "app/output/output_dir.hpp"
#include "app/record/recording_output.hpp"

namespace sluice::app {

/// PNG frames of width x height (RGB; the alpha channel is dropped).
class PngSequenceSink final : public FrameSink {
public:
    /// `output` must be a PngDirectory or PngPattern output. A pattern's directory is created. A
    /// directory output must be new, empty or hold only frame_*.png files (it is replaced whole).
    static Result<std::unique_ptr<PngSequenceSink>> start(const RecordingOutput& output, int width, int height);
    ~PngSequenceSink() override;

    Result<void> write(std::span<const std::uint8_t> rgbaTopRowFirst) override;
    Result<void> finish() override;

private:
    PngSequenceSink() = default;
    RecordingOutput output_;
    int width_ = 0, height_ = 0;
    long long frames_ = 0;
    std::optional<OutputDir> directory_;  ///< PngDirectory: staging swapped in by commit()
    std::filesystem::path staging_;       ///< where frames are written (either mode)
    bool createdDirectory_ = false;       ///< PngPattern: its directory was made for this recording
    bool finished_ = false;
};

}  // namespace sluice::app
