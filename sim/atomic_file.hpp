#pragma once
// Crash-safe file replacement: write a temporary sibling, flush it to disk, then rename it over the
// target. Readers see either the complete old file or the complete new one, never a partial write.
#include <cstddef>
#include <filesystem>
#include <span>
#include <string_view>

#include "gl/result.hpp"

namespace sluice::sim {

/// Writes `bytes` to `path` atomically. The temporary `<path>.tmp-<pid>-<counter>` lives in the same
/// directory (rename is only atomic within one file system); it is fsync'ed before the rename. On any
/// failure the temporary is removed, the previous file (if any) is left untouched and the error
/// names `path`.
Result<void> writeFileAtomic(const std::filesystem::path& path, std::span<const std::byte> bytes);

/// Text overload of writeFileAtomic: writes the characters of `text` verbatim (no newline translation).
Result<void> writeFileAtomic(const std::filesystem::path& path, std::string_view text);

}  // namespace sluice::sim
