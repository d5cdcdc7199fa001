#pragma once
// A fresh temporary directory per test, removed when the object goes out of scope.
#include <filesystem>
#include <string>

namespace sluice::test {

/// Creates a unique directory under the system temp dir; deletes it (recursively) on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

/// Writes text to a file (creating parent directories). Asserts on failure.
void writeText(const std::filesystem::path& file, const std::string& text);
/// Reads a whole file as text; empty string if it cannot be read.
std::string readText(const std::filesystem::path& file);

}  // namespace sluice::test
