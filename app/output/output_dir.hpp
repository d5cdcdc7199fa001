#pragma once
// Writes a directory of outputs all at once: files go into a sibling staging directory that replaces
// the target only when every file is written, so a failed run leaves the previous output intact and
// never a partial one.
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// Name of the marker file every output folder holds: a folder that exists, holds anything and lacks
/// it was not written by Sluice, and is refused rather than replaced (a mistyped --out of a home
/// folder must not delete it).
inline constexpr const char* kOutputMarker = ".sluice-output";

/// Whether `folder` may be replaced by an output: it does not exist, is empty, or holds the marker.
/// The error names the folder and says what to do.
Result<void> checkReplaceable(const std::filesystem::path& folder);

/// A staging directory beside `target`; commit() swaps it into place, the destructor cleans up (the
/// staging directory, and the parent directories begin() had to create, when nothing was committed).
/// Refuses a target that checkReplaceable() refuses; the staging directory starts with the marker.
class OutputDir {
public:
    static Result<OutputDir> begin(const std::filesystem::path& target);
    OutputDir(OutputDir&& o) noexcept;
    OutputDir& operator=(OutputDir&&) = delete;
    ~OutputDir();

    /// Path of a file inside the staging directory.
    std::filesystem::path file(const std::string& name) const { return staging_ / name; }
    /// Moves the staging directory to the target (the old target, if any, is removed after).
    Result<void> commit();
    /// The first failed write's error if any (nothing is committed then), else commit()'s result: the
    /// last call of a verb that writes several files.
    Result<void> commitAfter(std::span<const Result<void>> writes);

private:
    OutputDir(std::filesystem::path target, std::filesystem::path staging)
        : target_(std::move(target)), staging_(std::move(staging)) {}
    std::filesystem::path target_, staging_;
    std::vector<std::filesystem::path> createdParents_;  ///< made by begin(), deepest first; removed unless committed
    bool committed_ = false;
};

}  // namespace sluice::app
