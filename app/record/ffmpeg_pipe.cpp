#include "app/record/ffmpeg_pipe.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace sluice::app {

namespace {

std::string errnoText(int err) { return std::strerror(err); }

/// Blocks SIGPIPE on this thread for its lifetime. A write to a pipe whose reader has gone then fails
/// with EPIPE instead of killing the process; the SIGPIPE it raised is consumed before unblocking, so
/// it is never delivered later. Per-thread, so the rest of the program keeps its own signal setup.
class SigpipeBlock {
public:
    SigpipeBlock() {
        sigemptyset(&pipeSet_);
        sigaddset(&pipeSet_, SIGPIPE);
        sigset_t pendingBefore;
        sigpending(&pendingBefore);
        wasPending_ = sigismember(&pendingBefore, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipeSet_, &oldMask_);
    }
    ~SigpipeBlock() {
        if (raised_ && !wasPending_) {
            const timespec zero{0, 0};
            while (sigtimedwait(&pipeSet_, nullptr, &zero) == -1 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &oldMask_, nullptr);
    }
    SigpipeBlock(const SigpipeBlock&) = delete;
    SigpipeBlock& operator=(const SigpipeBlock&) = delete;
    /// Call after a write failed with EPIPE: that write raised a SIGPIPE to consume.
    void noteRaised() { raised_ = true; }

private:
    sigset_t pipeSet_{}, oldMask_{};
    bool wasPending_ = false, raised_ = false;
};

std::string describeStatus(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("was killed by signal ") + strsignal(WTERMSIG(status));
    return "stopped unexpectedly";
}

}  // namespace

Result<std::string> findFfmpeg() {
    const char* pathEnv = std::getenv("PATH");
    const std::string path = pathEnv ? pathEnv : "/bin:/usr/bin";
    std::size_t begin = 0;
    while (begin <= path.size()) {
        std::size_t end = path.find(':', begin);
        if (end == std::string::npos) end = path.size();
        std::string dir = path.substr(begin, end - begin);
        if (dir.empty()) dir = ".";  // an empty PATH entry means the current directory
        const std::string candidate = dir + "/ffmpeg";
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return Error{"ffmpeg not found on PATH: install it (apt install ffmpeg) or write a PNG sequence"};
}

Result<std::unique_ptr<FfmpegPipe>> FfmpegPipe::start(const std::string& executable,
                                                      const std::vector<std::string>& args) {
    std::unique_ptr<FfmpegPipe> p(new FfmpegPipe());
    p->stderrFile_ = std::tmpfile();
    if (!p->stderrFile_) return Error{"ffmpeg: cannot create a temporary file for its messages: " + errnoText(errno)};

    int fds[2];
    // O_CLOEXEC: our write end must not leak into this or any other child, or ffmpeg never sees EOF.
    if (::pipe2(fds, O_CLOEXEC) != 0) return Error{"ffmpeg: cannot create a pipe: " + errnoText(errno)};
    const int readFd = fds[0];
    p->stdinFd_ = fds[1];

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, readFd, 0);  // dup2 clears FD_CLOEXEC on the copy
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, ::fileno(p->stderrFile_), 2);
    // The child starts with no blocked signals and the default SIGPIPE action, whatever ours are.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, pipeOnly;
    sigemptyset(&none);
    sigemptyset(&pipeOnly);
    sigaddset(&pipeOnly, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &pipeOnly);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<std::string> argvStrings;
    argvStrings.reserve(args.size() + 1);
    argvStrings.push_back(executable);
    argvStrings.insert(argvStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : argvStrings) argv.push_back(s.data());
    argv.push_back(nullptr);

    const int rc = posix_spawn(&p->pid_, executable.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(readFd);
    if (rc != 0) {
        p->pid_ = -1;
        return Error{executable + ": cannot start: " + errnoText(rc)};
    }
    return p;
}

FfmpegPipe::~FfmpegPipe() {
    closeInput();
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);  // abandoned: its output is thrown away anyway
        reap(0);
    }
    if (stderrFile_) std::fclose(stderrFile_);
}

void FfmpegPipe::closeInput() {
    if (stdinFd_ >= 0) ::close(stdinFd_);
    stdinFd_ = -1;
}

std::string FfmpegPipe::reap(double graceSeconds) {
    if (pid_ <= 0) return "had already exited";
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(graceSeconds);
    for (;;) {
        const pid_t r = ::waitpid(pid_, &status, graceSeconds > 0 ? WNOHANG : 0);
        if (r == pid_) break;
        if (r < 0 && errno != EINTR) {
            pid_ = -1;
            return "could not be waited for (" + errnoText(errno) + ")";
        }
        if (r == 0 && std::chrono::steady_clock::now() > deadline) {
            ::kill(pid_, SIGKILL);
            graceSeconds = 0;  // now wait for it to go
        } else if (r == 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    pid_ = -1;
    return describeStatus(status);
}

Result<void> FfmpegPipe::write(std::span<const std::uint8_t> bytes) {
    if (failed_) return Error{failure_};
    SigpipeBlock block;
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(stdinFd_, bytes.data() + done, bytes.size() - done);
        if (n >= 0) {
            done += std::size_t(n);
            continue;
        }
        if (errno == EINTR) continue;
        const int err = errno;
        if (err == EPIPE) block.noteRaised();
        closeInput();
        // ffmpeg has closed its input, normally because it failed: give it a moment to finish its
        // message and exit, then quote it.
        const std::string how = reap(5.0);
        failed_ = true;
        failure_ = err == EPIPE ? "ffmpeg stopped reading frames (it " + how + ")"
                                : "cannot write to ffmpeg: " + errnoText(err) + " (it " + how + ")";
        if (const std::string tail = stderrTail(); !tail.empty()) failure_ += ":\n" + tail;
        return Error{failure_};
    }
    return {};
}

Result<void> FfmpegPipe::finish() {
    if (failed_) return Error{failure_};
    closeInput();
    // Encoding the frames still buffered and writing the file's index can take a while: no timeout.
    int status = 0;
    pid_t r = 0;
    do {
        r = ::waitpid(pid_, &status, 0);
    } while (r < 0 && errno == EINTR);
    pid_ = -1;
    if (r < 0) return Error{"ffmpeg: cannot wait for it: " + errnoText(errno)};
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
    failed_ = true;
    failure_ = "ffmpeg " + describeStatus(status);
    if (const std::string tail = stderrTail(); !tail.empty()) failure_ += ":\n" + tail;
    return Error{failure_};
}

std::string FfmpegPipe::stderrTail(std::size_t maxBytes) const {
    if (!stderrFile_) return {};
    const int fd = ::fileno(stderrFile_);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_size <= 0) return {};
    const off_t size = st.st_size;
    const off_t from = size > off_t(maxBytes) ? size - off_t(maxBytes) : 0;
    std::string text(std::size_t(size - from), '\0');
    const ssize_t n = ::pread(fd, text.data(), text.size(), from);
    if (n <= 0) return {};
    text.resize(std::size_t(n));
    if (from > 0) {
        // Start at a line boundary rather than mid-line.
        const auto nl = text.find('\n');
        if (nl != std::string::npos) text.erase(0, nl + 1);
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    return text;
}

}  // namespace sluice::app
