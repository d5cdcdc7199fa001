#include "app/window/file_browser_model.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <system_error>

namespace sluice::app {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// Name order of the listing: case-insensitive, then byte order so the order is total.
bool nameLess(const std::string& a, const std::string& b) {
    const std::string la = lower(a), lb = lower(b);
    return la != lb ? la < lb : a < b;
}

long long unixSeconds(fs::file_time_type t) {
    const auto sys = std::chrono::file_clock::to_sys(t);
    return std::chrono::duration_cast<std::chrono::seconds>(sys.time_since_epoch()).count();
}

}  // namespace

bool matchesType(std::string_view name, const FileType& type) {
    if (type.extensions.empty()) return true;
    const std::string n = lower(name);
    for (const std::string& ext : type.extensions)
        if (n.size() > ext.size() && n.compare(n.size() - ext.size(), ext.size(), ext) == 0) return true;
    return false;
}

bool isHiddenName(std::string_view name) { return !name.empty() && name.front() == '.'; }

std::string withDefaultExtension(const std::string& name, const FileType& type) {
    if (name.empty() || type.extensions.empty() || matchesType(name, type)) return name;
    return name + type.extensions.front();
}

FolderListing listFolder(const fs::path& folder, const FileType& type, bool showHidden) {
    FolderListing out;
    out.folder = normalFolder(folder);
    std::error_code ec;
    fs::directory_iterator it(out.folder, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        out.error = out.folder.string() + ": cannot open folder: " + ec.message();
        return out;
    }
    std::vector<FolderEntry> folders, files;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (!showHidden && isHiddenName(name)) continue;
        std::error_code statEc;
        const fs::file_status st = it->status(statEc);  // follows links: a link to a folder is a folder
        if (statEc) continue;                             // broken link, vanished entry
        FolderEntry e{name, fs::is_directory(st), 0, 0};
        if (!e.isFolder && (!fs::is_regular_file(st) || !matchesType(name, type))) continue;
        if (!e.isFolder) {
            const auto size = it->file_size(statEc);
            e.sizeBytes = statEc ? 0 : size;
        }
        const auto t = it->last_write_time(statEc);
        e.modifiedUnixSeconds = statEc ? 0 : unixSeconds(t);
        (e.isFolder ? folders : files).push_back(std::move(e));
    }
    if (ec) {  // stopped part way (the folder went away, I/O error): show nothing rather than a part
        out.error = out.folder.string() + ": cannot read folder: " + ec.message();
        return out;
    }
    const auto byName = [](const FolderEntry& a, const FolderEntry& b) { return nameLess(a.name, b.name); };
    std::sort(folders.begin(), folders.end(), byName);
    std::sort(files.begin(), files.end(), byName);
    out.entries = std::move(folders);
    out.entries.insert(out.entries.end(), std::make_move_iterator(files.begin()), std::make_move_iterator(files.end()));
    return out;
}

fs::path normalFolder(const fs::path& p) {
    std::error_code ec;
    fs::path abs = p.empty() ? fs::current_path(ec) : fs::absolute(p, ec);
    if (ec) abs = p;
    abs = abs.lexically_normal();
    // "/a/b/" normalises to "/a/b/" (an empty last element): drop it, but keep the root "/".
    if (!abs.has_filename() && abs.has_relative_path()) abs = abs.parent_path();
    return abs;
}

fs::path parentFolder(const fs::path& folder) {
    const fs::path f = normalFolder(folder);
    return f.has_relative_path() ? f.parent_path() : f;
}

fs::path resolveTyped(const fs::path& folder, const std::string& typed, const fs::path& home) {
    if (typed == "~") return normalFolder(home);
    if (typed.rfind("~/", 0) == 0) return (home / typed.substr(2)).lexically_normal();
    const fs::path t(typed);
    return (t.is_absolute() ? t : normalFolder(folder) / t).lexically_normal();
}

std::vector<Crumb> breadcrumbs(const fs::path& folder) {
    std::vector<Crumb> out;
    fs::path at;
    for (const fs::path& part : folder) {
        if (part.empty()) continue;  // the empty element after a trailing separator
        at /= part;
        out.push_back({part.string(), at});
    }
    return out;
}

std::string formatSize(std::uintmax_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " B";
    const char* units[] = {"KB", "MB", "GB", "TB"};
    double v = double(bytes) / 1024.0;
    int u = 0;
    while (v >= 1024.0 && u < 3) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

}  // namespace sluice::app
