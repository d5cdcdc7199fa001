#pragma once
// Output paths checked before any work: every verb (and the viewer) refuses an output it could not
// write while the command line is read, not after the simulation ran, and names the option. Missing
// folders are not an error: they are created when the output is written (createParentFolders), as
// `simulate --out a/b/c` always did.
#include <filesystem>
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// `path`'s extension is one of `extensions` (lower case, with the dot), compared case-insensitively.
/// The error names the option: "--out: r.txt: expected a .png file".
Result<void> checkExtension(const std::string& option, const std::filesystem::path& path,
                            const std::vector<std::string>& extensions);

/// Whether `path` (a file, or a folder when `isFolder`) could be written: it is not an existing
/// folder (file) or file (folder), and the nearest existing folder above it is a writable folder.
/// Creates nothing. The error names the option and the path.
Result<void> checkWritable(const std::string& option, const std::filesystem::path& path, bool isFolder);

/// Creates the folders above the file `path` that are missing.
Result<void> createParentFolders(const std::filesystem::path& path);

}  // namespace sluice::app
