#pragma once
// The file browser's filesystem side, without ImGui (app/window/file_browser draws it): listing a
// folder (folders first, then the files of the chosen type, each sorted by name, hidden entries only
// on request), walking up and along the path, and turning what the user typed into a path.
// Nothing here throws: a folder that cannot be read gives an empty listing and a message.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::app {

/// A choice of the browser's type combo: a label and the extensions it admits, lower case with the
/// dot (".sluice"); no extensions admits every file.
struct FileType {
    std::string label;
    std::vector<std::string> extensions;
};

/// Whether `name`'s extension is one of `type`'s, ignoring case ("A.JSON" is a scene).
bool matchesType(std::string_view name, const FileType& type);

/// Unix hidden files: names that start with a dot.
bool isHiddenName(std::string_view name);

/// `name` with `type`'s first extension appended when it has none of them ("world" -> "world.sluice");
/// unchanged for a type that admits every file or an empty name.
std::string withDefaultExtension(const std::string& name, const FileType& type);

/// One row of a listing.
struct FolderEntry {
    std::string name;          ///< file name only
    bool isFolder = false;     ///< a directory, or a link to one
    std::uintmax_t sizeBytes = 0;   ///< 0 for folders
    long long modifiedUnixSeconds = 0;  ///< 0 when unknown
};

/// A folder's contents as the browser shows them.
struct FolderListing {
    std::filesystem::path folder;
    /// Folders first, then files; each group sorted by name ignoring case (ties: byte order).
    std::vector<FolderEntry> entries;
    std::string error;  ///< "" or why the folder could not be read (names it); entries is then empty
};

/// Lists `folder`: its sub-folders and the files that match `type` (other files, sockets and broken
/// links are left out); names starting with '.' only with `showHidden`.
FolderListing listFolder(const std::filesystem::path& folder, const FileType& type, bool showHidden);

/// `p` made absolute (against the working directory) and lexically normal, without a trailing
/// separator ("/a/b/../c/" -> "/a/c").
std::filesystem::path normalFolder(const std::filesystem::path& p);

/// The folder above `folder` (normalised); the root is its own parent.
std::filesystem::path parentFolder(const std::filesystem::path& folder);

/// What the user typed (a name, a relative or absolute path, or "~/..."), resolved against `folder`
/// and normalised. `home` replaces a leading "~".
std::filesystem::path resolveTyped(const std::filesystem::path& folder, const std::string& typed,
                                   const std::filesystem::path& home);

/// One button of the breadcrumb bar: the label shown and the folder it opens.
struct Crumb {
    std::string label;
    std::filesystem::path folder;
};

/// The breadcrumbs of a normalised absolute folder, root first ("/", "home", "ana").
std::vector<Crumb> breadcrumbs(const std::filesystem::path& folder);

/// "1.2 MB"-style size for the listing (powers of 1024, one decimal above bytes).
std::string formatSize(std::uintmax_t bytes);

}  // namespace sluice::app
