#include "app/output/output_check.hpp"
#include "app/output/output_dir.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace sluice::app {

namespace fs = std::filesystem;

Result<void> checkExtension(const std::string& option, const fs::path& path, const std::vector<std::string>& extensions) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (std::find(extensions.begin(), extensions.end(), ext) != extensions.end()) return {};
    std::string list;
    for (std::size_t i = 0; i < extensions.size(); ++i)
        list += (i == 0 ? "" : i + 1 == extensions.size() ? " or " : ", ") + extensions[i];
    return Error{option + ": " + path.string() + ": expected a " + list + " file"};
}

Result<void> checkWritable(const std::string& option, const fs::path& path, bool isFolder) {
    std::error_code ec;
    const fs::path abs = fs::absolute(path, ec).lexically_normal();
    fs::path target = abs.has_filename() ? abs : abs.parent_path();
    if (fs::exists(target, ec)) {
        if (isFolder && !fs::is_directory(target, ec)) return Error{option + ": " + path.string() + ": is a file, not a folder"};
        if (isFolder) {
            if (auto ok = checkReplaceable(target); !ok) return Error{option + ": " + ok.error().message};
        }
        if (!isFolder && fs::is_directory(target, ec)) return Error{option + ": " + path.string() + ": is a folder"};
    }
    // The nearest folder above that exists must be a folder we may create entries in.
    fs::path above = target.parent_path();
    while (!above.empty() && !fs::exists(above, ec) && above != above.parent_path()) above = above.parent_path();
    if (!fs::is_directory(above, ec)) return Error{option + ": " + path.string() + ": " + above.string() + " is not a folder"};
    if (::access(above.c_str(), W_OK | X_OK) != 0)
        return Error{option + ": " + path.string() + ": cannot write in " + above.string() + " (permission denied)"};
    return {};
}

Result<void> createParentFolders(const fs::path& path) {
    const fs::path parent = fs::absolute(path).lexically_normal().parent_path();
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec) return Error{parent.string() + ": cannot create folder: " + ec.message()};
    return {};
}

}  // namespace sluice::app
