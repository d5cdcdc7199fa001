#pragma once
// The browser's "Recent files": the last paths opened or saved, most recent first, kept in the
// per-user config directory (recent_files.txt) and rewritten atomically on every change, so a
// crash mid-write leaves the old list. The file is plain text:
//   sluice-recent-files 1
//   /absolute/path/one.sluice
//   ...
// A damaged file never stops the viewer: what can be read is kept, and load() says what was wrong.
#include <cstddef>
#include <filesystem>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

class RecentFiles {
public:
    static constexpr std::size_t kCapacity = 10;  ///< entries kept; older ones fall off the end

    /// A list stored in `file`; an empty path keeps it in memory only.
    explicit RecentFiles(std::filesystem::path file = {}) : file_(std::move(file)) {}

    /// Reads the file. A missing file is an empty list. A damaged one (wrong first line, relative
    /// paths, control characters, too large) keeps the valid entries, if any, and returns an error
    /// naming the file and the problem; the next add() rewrites it clean.
    Result<void> load();
    /// Puts `path` (made absolute and normal) first, removing an earlier copy, dropping entries past
    /// kCapacity, and saves. The list changes even when saving fails (the error names the file).
    Result<void> add(const std::filesystem::path& path);

    /// Most recent first; at most kCapacity, no duplicates.
    const std::vector<std::filesystem::path>& paths() const { return paths_; }
    const std::filesystem::path& file() const { return file_; }

private:
    Result<void> save() const;

    std::filesystem::path file_;
    std::vector<std::filesystem::path> paths_;
};

/// Where the viewer keeps its list: userConfigDir()/recent_files.txt.
Result<std::filesystem::path> recentFilesLocation();

}  // namespace sluice::app
