#include "sim/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace sluice::sim {

namespace {

/// Distinguishes temporaries of concurrent writers within one process (pid distinguishes processes).
std::atomic<unsigned long> g_tempCounter{0};

std::string errnoText(int err) { return std::strerror(err); }

Error failure(const std::filesystem::path& path, const std::string& what, int err) {
    return Error{path.string() + ": " + what + ": " + errnoText(err)};
}

/// Best-effort fsync of the directory so that the rename itself survives a power cut. Failure is
/// ignored: some file systems do not support fsync on directories and the data is already safe.
void syncDirectory(const std::filesystem::path& dir) {
    const std::string d = dir.empty() ? std::string(".") : dir.string();
    const int fd = ::open(d.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)::fsync(fd);
    ::close(fd);
}

}  // namespace

Result<void> writeFileAtomic(const std::filesystem::path& path, std::span<const std::byte> bytes) {
    if (path.empty()) return Error{"(empty path): cannot write a file without a name"};
    try {
        const unsigned long n = g_tempCounter.fetch_add(1, std::memory_order_relaxed);
        std::filesystem::path temp = path;
        temp += ".tmp-" + std::to_string(long(::getpid())) + "-" + std::to_string(n);

        // "x": fail rather than clobber a stray file of the same name (another writer's temporary).
        std::FILE* f = std::fopen(temp.c_str(), "wbx");
        if (!f) return failure(path, "cannot create temporary file " + temp.string(), errno);

        auto abandon = [&](const std::string& what, int err) -> Result<void> {
            std::fclose(f);
            std::error_code ec;
            std::filesystem::remove(temp, ec);
            return failure(path, what, err);
        };

        if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
            return abandon("write failed", errno);
        if (std::fflush(f) != 0) return abandon("flush failed", errno);
        if (::fsync(::fileno(f)) != 0) return abandon("fsync failed", errno);
        if (std::fclose(f) != 0) {
            const int err = errno;
            std::error_code ec;
            std::filesystem::remove(temp, ec);
            return failure(path, "close failed", err);
        }
        if (std::rename(temp.c_str(), path.c_str()) != 0) {
            const int err = errno;
            std::error_code ec;
            std::filesystem::remove(temp, ec);
            return failure(path, "cannot rename " + temp.filename().string() + " over it", err);
        }
        syncDirectory(path.parent_path());
        return {};
    } catch (const std::exception& e) {
        // Allocation or path conversion failures: report, never throw out of this function.
        return Error{path.string() + ": write failed: " + e.what()};
    }
}

Result<void> writeFileAtomic(const std::filesystem::path& path, std::string_view text) {
    return writeFileAtomic(path, std::as_bytes(std::span<const char>(text.data(), text.size())));
}

}  // namespace sluice::sim
