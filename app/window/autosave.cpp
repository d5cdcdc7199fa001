#include "app/window/autosave.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>

#include "sim/atomic_file.hpp"
#include "sim/snapshot.hpp"

namespace sluice::app {

namespace {
/// True if a process with this pid exists (signal 0 checks without sending anything).
bool processAlive(long pid) { return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM); }
}  // namespace

Result<std::unique_ptr<Autosave>> Autosave::begin(const std::filesystem::path& dataDir, double periodSeconds) {
    std::unique_ptr<Autosave> a(new Autosave());
    a->dir_ = dataDir;
    a->file_ = dataDir / "autosave.sluice";
    a->lock_ = dataDir / "session.lock";
    a->periodSeconds_ = periodSeconds;
    std::error_code ec;
    if (std::filesystem::exists(a->lock_, ec)) {
        long pid = 0;
        std::ifstream(a->lock_) >> pid;
        // Another live viewer owns the lock: not a crash. A dead owner: its autosave is worth offering.
        a->crashed_ = !processAlive(pid) && std::filesystem::exists(a->file_, ec);
    }
    if (auto w = sim::writeFileAtomic(a->lock_, std::to_string(long(::getpid())) + "\n"); !w) return w.error();
    a->last_ = Clock::now();
    return a;
}

Autosave::~Autosave() { finish(); }

void Autosave::collect() {
    if (!pending_.valid()) return;
    const Result<void> r = pending_.get();
    status_ = r ? "autosaved to " + file_.string() : "autosave failed: " + r.error().message;
}

void Autosave::tick(Simulation& s, const std::string& name, const std::optional<sim::ViewPose>& camera,
                    std::vector<sim::ViewBookmark> bookmarks, Clock::time_point now) {
    if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) collect();
    if (std::chrono::duration<double>(now - last_).count() < periodSeconds_ || pending_.valid()) return;
    last_ = now;
    const std::int64_t steps = s.solver->counters().steps;
    const std::size_t logSize = s.session->log().size();
    if (steps == lastSteps_ && logSize == lastLogSize_) return;  // nothing new since the last autosave
    lastSteps_ = steps;
    lastLogSize_ = logSize;
    sim::Snapshot snap{name, s.solver->saveState(), camera, std::move(bookmarks),
                       s.scene ? s.scene->georeference : std::nullopt, s.bodiesToSave()};
    pending_ = std::async(std::launch::async, [file = file_, snap = std::move(snap)]() {
        return sim::writeSnapshotFile(file, snap);
    });
}

void Autosave::finish() {
    if (finished_) return;
    finished_ = true;
    collect();
    std::error_code ec;
    std::filesystem::remove(lock_, ec);
}

}  // namespace sluice::app
