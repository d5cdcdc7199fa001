#include "app/window/recent_files.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <system_error>

#include "app/window/file_browser_model.hpp"
#include "app/window/user_dirs.hpp"
#include "sim/atomic_file.hpp"
#include "sim/text_file.hpp"

namespace sluice::app {

namespace fs = std::filesystem;

namespace {
constexpr const char* kHeader = "sluice-recent-files 1";
constexpr std::size_t kMaxFileBytes = 64 * 1024;  // 10 paths of PATH_MAX fit many times over

bool hasControlCharacter(const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}
}  // namespace

Result<void> RecentFiles::load() {
    paths_.clear();
    if (file_.empty()) return {};
    std::error_code ec;
    if (!fs::exists(file_, ec)) return {};
    if (const auto size = fs::file_size(file_, ec); !ec && size > kMaxFileBytes)
        return Error{file_.string() + ": recent-files list is " + std::to_string(size) + " bytes, more than " +
                     std::to_string(kMaxFileBytes) + "; ignored, a new list will replace it"};
    auto text = sim::readTextFile(file_, "recent-files");
    if (!text) return text.error();
    std::istringstream in(*text);
    std::string line;
    if (!std::getline(in, line) || line != kHeader)
        return Error{file_.string() + ": not a recent-files list (first line should be \"" + kHeader +
                     "\"); ignored, a new list will replace it"};
    std::string problems;
    for (int n = 2; std::getline(in, line); ++n) {
        if (line.empty()) continue;
        const fs::path p(line);
        const char* why = hasControlCharacter(line) ? "control characters in the path"
                          : !p.is_absolute()        ? "not an absolute path"
                                                    : nullptr;
        if (why) {
            if (problems.empty()) problems = file_.string() + ": line " + std::to_string(n) + ": " + why + "; skipped";
            continue;
        }
        const fs::path normal = p.lexically_normal();
        if (std::find(paths_.begin(), paths_.end(), normal) == paths_.end() && paths_.size() < kCapacity)
            paths_.push_back(normal);
    }
    if (!problems.empty()) return Error{problems};
    return {};
}

Result<void> RecentFiles::add(const fs::path& path) {
    const fs::path p = normalFolder(path);  // absolute and normal, as every stored entry
    if (hasControlCharacter(p.string())) return {};  // a newline in a name would break the line format
    std::erase(paths_, p);
    paths_.insert(paths_.begin(), p);
    if (paths_.size() > kCapacity) paths_.resize(kCapacity);
    return save();
}

Result<void> RecentFiles::save() const {
    if (file_.empty()) return {};
    std::string text = std::string(kHeader) + "\n";
    for (const fs::path& p : paths_) text += p.string() + "\n";
    return sim::writeFileAtomic(file_, text);
}

Result<fs::path> recentFilesLocation() {
    auto dir = userConfigDir();
    if (!dir) return dir.error();
    return *dir / "recent_files.txt";
}

}  // namespace sluice::app
