#pragma once
// Autosave and crash recovery. While the viewer runs, <data dir>/session.lock holds its pid; a clean
// exit removes it. Finding a lock whose process is gone next to an autosave means the last session
// crashed: the viewer then offers to restore the autosave. Autosaves are written every `period`
// seconds when the world changed, atomically, on a worker thread (only the GPU download is on the
// frame loop).
#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/window/simulation.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

class Autosave {
public:
    /// Creates the lock (after checking the previous one). Errors: the directory is not writable.
    static Result<std::unique_ptr<Autosave>> begin(const std::filesystem::path& dataDir, double periodSeconds);
    ~Autosave();

    /// True when the previous session ended without a clean exit and left an autosave.
    bool crashed() const { return crashed_; }
    const std::filesystem::path& file() const { return file_; }
    /// Saves if the period has passed and steps or commands happened since the last autosave.
    /// The snapshot keeps the camera and the view bookmarks as File > Save would.
    void tick(Simulation& s, const std::string& name, const std::optional<sim::ViewPose>& camera,
              std::vector<sim::ViewBookmark> bookmarks, Clock::time_point now);
    /// Message of the last finished autosave ("" while none), for the status line.
    const std::string& status() const { return status_; }
    /// Clean exit: waits for a pending write and removes the lock.
    void finish();

private:
    Autosave() = default;
    void collect();

    std::filesystem::path dir_, file_, lock_;
    double periodSeconds_ = 120;
    bool crashed_ = false, finished_ = false;
    Clock::time_point last_{};
    std::int64_t lastSteps_ = -1;
    std::size_t lastLogSize_ = 0;
    std::future<Result<void>> pending_;
    std::string status_;
};

}  // namespace sluice::app
