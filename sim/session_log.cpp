#include "sim/session_log.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/json_reader.hpp"
#include "sim/npy.hpp"
#include "sim/number_rules.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

using nlohmann::json;

namespace {
std::string stemOf(const std::filesystem::path& logPath) {
    std::string stem = logPath.filename().string();
    if (const auto dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem.resize(dot);
    return stem;
}
}  // namespace

Result<void> writeSessionLog(const std::filesystem::path& logPath, const Session& session, const std::string& name,
                             const std::optional<ViewPose>& camera) {
    const std::filesystem::path dir = logPath.parent_path();
    const std::string stem = stemOf(logPath);
    const std::string startFile = stem + ".start.sluice";
    if (auto w = writeSnapshotFile(dir / startFile, Snapshot{name, session.start(), camera, {}, std::nullopt, session.startBodies()}); !w) return w;
    std::ostringstream out;
    out << json{{"sluice_log", 1},
                {"start", startFile},
                {"undo_entries", session.limits().maxEntries},
                {"undo_bytes", session.limits().maxBytes}}
               .dump()
        << "\n";
    const int W = session.solver().width(), H = session.solver().height();
    for (std::size_t k = 0; k < session.log().size(); ++k) {
        const LoggedCommand& c = session.log()[k];
        json line{{"step", c.step}};
        if (c.kind == LoggedCommand::Kind::Undo) line["undo"] = true;
        else if (c.kind == LoggedCommand::Kind::Redo) line["redo"] = true;
        else if (const auto* t = std::get_if<ReplaceTerrain>(&c.command)) {
            const std::string file = stem + ".terrain-" + std::to_string(k) + ".npy";
            if (auto w = writeNpy(dir / file, t->terrainM.data(), H, W); !w) return w;
            line["apply"] = commandToJson(c.command, file);
        } else {
            line["apply"] = commandToJson(c.command);
        }
        if (c.merged) line["merge"] = true;
        out << line.dump() << "\n";
    }
    out << json{{"end_step", session.solver().counters().steps}}.dump() << "\n";
    return writeFileAtomic(logPath, out.str());
}

Result<SessionLog> readSessionLog(const std::filesystem::path& logPath) {
    auto text = readTextFile(logPath, "session log");
    if (!text) return text.error();
    const std::filesystem::path dir = logPath.parent_path();
    SessionLog log;
    std::istringstream in(*text);
    std::string line;
    int lineNo = 0;
    bool haveHeader = false;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty()) continue;
        const std::string where = logPath.string() + ":" + std::to_string(lineNo);
        auto parsed = parseJsonText(line, where);
        if (!parsed) return Error{where + ": not a JSON line (the log is damaged): " + parsed.error().message.substr(where.size() + 2)};
        const json j = std::move(*parsed);
        const JsonReader r(where);
        auto ok = readJsonDocument<bool>(where, [&]() -> bool {
            r.object(j, "");
            if (!haveHeader) {
                const json* version = r.find(j, "sluice_log");
                if (!version || !version->is_number() || version->get<double>() != 1.0)
                    r.fail("", "not a Sluice session log (expected {\"sluice_log\": 1, ...})");
                const json* start = r.find(j, "start");
                if (!start) r.fail("start", "missing (the snapshot the session started from)");
                auto snap = readSnapshotFile(dir / r.string(*start, "start"));
                if (!snap) r.fail("start", snap.error().message);
                log.start = std::move(*snap);
                if (const json* v = r.find(j, "undo_entries")) log.limits.maxEntries = std::size_t(r.integer(*v, "undo_entries", 1, 1000000));
                if (const json* v = r.find(j, "undo_bytes"))
                    log.limits.maxBytes = std::size_t(r.integer(*v, "undo_bytes", 1, 1LL << 50));
                haveHeader = true;
                return true;
            }
            if (r.find(j, "end_step")) {
                log.endStep = std::int64_t(r.required(j, "end_step", "", rules::kRunSteps));
                return true;
            }
            LoggedCommand c;
            c.step = std::int64_t(r.required(j, "step", "", rules::kRunSteps, "the step the command applies at"));
            const json* undo = r.find(j, "undo");
            const json* redo = r.find(j, "redo");
            if (undo && r.boolean(*undo, "undo")) c.kind = LoggedCommand::Kind::Undo;
            else if (redo && r.boolean(*redo, "redo")) c.kind = LoggedCommand::Kind::Redo;
            else {
                const json* apply = r.find(j, "apply");
                if (!apply) r.fail("", "expected one of apply, undo, redo or end_step");
                const int W = log.start.state.field.width, H = log.start.state.field.height;
                auto cmd = commandFromJson(*apply, where, W, H, "apply");
                if (!cmd) throw JsonFailure{cmd.error().message};
                if (auto* t = std::get_if<ReplaceTerrain>(&*cmd)) {
                    const std::filesystem::path file = dir / r.string((*apply)["npy"], "apply.npy");
                    auto arr = readNpy(file);
                    if (!arr) r.fail("apply.npy", arr.error().message);
                    if (arr->cols != W || arr->rows != H)
                        r.fail("apply.npy", file.string() + " is " + std::to_string(arr->cols) + "x" + std::to_string(arr->rows) +
                                                ", the grid " + std::to_string(W) + "x" + std::to_string(H));
                    if (auto values = checkField(arr->data, W, rules::kElevationM, file.string()); !values)
                        r.fail("apply.npy", values.error().message);
                    t->terrainM = std::move(arr->data);
                }
                c.command = std::move(*cmd);
                if (const json* merge = r.find(j, "merge")) c.merged = r.boolean(*merge, "merge");
            }
            log.commands.push_back(std::move(c));
            return true;
        });
        if (!ok) return ok.error();
    }
    if (!haveHeader) return Error{logPath.string() + ": empty session log"};
    return log;
}

Result<void> replaySessionLog(Session& session, const SessionLog& log, const std::function<void(Session&)>& beforeStep) {
    auto stepTo = [&](std::int64_t target) -> Result<void> {
        while (session.solver().counters().steps < target) {
            if (beforeStep) beforeStep(session);
            session.step();
        }
        if (session.solver().counters().steps != target)
            return Error{"the log is inconsistent: a command at step " + std::to_string(target) + " comes after step " +
                         std::to_string(session.solver().counters().steps)};
        return {};
    };
    for (const LoggedCommand& c : log.commands) {
        if (auto ok = stepTo(c.step); !ok) return ok;
        if (c.kind == LoggedCommand::Kind::Undo) session.undo();
        else if (c.kind == LoggedCommand::Kind::Redo) session.redo();
        else session.apply(c.command, c.merged);
    }
    if (log.endStep >= 0) return stepTo(log.endStep);
    return {};
}

}  // namespace sluice::sim
