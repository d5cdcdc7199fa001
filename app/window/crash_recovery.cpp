#include "app/window/crash_recovery.hpp"

#include "app/window/user_dirs.hpp"

namespace sluice::app {

FileRequest startAutosave(ViewerState& v, double periodSeconds, bool restoreWithoutAsking) {
    if (periodSeconds <= 0) return {};
    auto dir = userDataDir();
    auto began = dir ? Autosave::begin(*dir, periodSeconds) : Result<std::unique_ptr<Autosave>>(dir.error());
    if (!began) {
        v.files.status = "autosave is off: " + began.error().message;
        v.files.statusFailed = true;
        return {};
    }
    v.autosave = std::move(*began);
    v.files.autosavePath = v.autosave->file().string();
    v.files.offerRestore = v.autosave->crashed() && !restoreWithoutAsking;
    if (v.autosave->crashed() && restoreWithoutAsking) return {FileAction::RestoreAutosave, v.autosave->file().string()};
    return {};
}

}  // namespace sluice::app
