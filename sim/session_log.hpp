#pragma once
// Session logs: the commands of a session with their step numbers, written as JSON lines beside a
// snapshot of the session's start, so that `sluice replay LOG` re-runs them to the same final state
// (bit-identical on the backend and machine that recorded it).
//
//   LOG                 {"sluice_log": 1, "start": "NAME.start.sluice", "undo_entries": N, "undo_bytes": B}
//                       {"step": S, "apply": {command}[, "merge": true]}   | {"step": S, "undo": true} | {"step": S, "redo": true}
//                       {"end_step": E}
//   NAME.start.sluice   the starting snapshot (sim/snapshot.hpp)
//   NAME.terrain-K.npy  arrays of terrain imports (command K of the log)
// A log whose writer stopped early (no end_step) replays up to its last command.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gl/result.hpp"
#include "sim/session.hpp"
#include "sim/snapshot.hpp"

namespace sluice::sim {

struct SessionLog {
    Snapshot start;
    UndoLimits limits;
    std::vector<LoggedCommand> commands;
    std::int64_t endStep = -1;  ///< -1: not recorded
};

/// Writes the log of `session` and its start snapshot (atomically, each file). `camera` goes into the
/// start snapshot (the view the replay renders from by default).
Result<void> writeSessionLog(const std::filesystem::path& logPath, const Session& session, const std::string& name,
                             const std::optional<ViewPose>& camera);

/// Reads a log and its start snapshot. Errors name the file and line.
Result<SessionLog> readSessionLog(const std::filesystem::path& logPath);

/// Re-runs `log` on `session` (made from log.start): steps to each command's step and applies it,
/// then steps to endStep. `beforeStep` (optional) runs before every step, e.g. to record video.
Result<void> replaySessionLog(Session& session, const SessionLog& log,
                              const std::function<void(Session&)>& beforeStep = {});

}  // namespace sluice::sim
