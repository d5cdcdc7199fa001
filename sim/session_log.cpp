#include "sim/session_log.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/npy.hpp"

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
    if (auto w = writeSnapshotFile(dir / startFile, Snapshot{name, session.start(), camera}); !w) return w;
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
    std::ifstream in(logPath);
    if (!in) return Error{logPath.string() + ": cannot open session log"};
    const std::filesystem::path dir = logPath.parent_path();
    SessionLog log;
    std::string text;
    int lineNo = 0;
    bool haveHeader = false;
    try {
        while (std::getline(in, text)) {
            ++lineNo;
            if (text.empty()) continue;
            const std::string where = logPath.string() + ":" + std::to_string(lineNo);
            json j;
            try {
                j = json::parse(text);
            } catch (const json::parse_error&) {
                return Error{where + ": not a JSON line (the log is damaged)"};
            }
            if (!haveHeader) {
                if (!j.is_object() || j.value("sluice_log", 0) != 1)
                    return Error{where + ": not a Sluice session log (expected {\"sluice_log\": 1, ...})"};
                auto start = readSnapshotFile(dir / j.at("start").get<std::string>());
                if (!start) return start.error();
                log.start = std::move(*start);
                log.limits.maxEntries = j.value("undo_entries", log.limits.maxEntries);
                log.limits.maxBytes = j.value("undo_bytes", log.limits.maxBytes);
                haveHeader = true;
                continue;
            }
            if (j.contains("end_step")) {
                log.endStep = j.at("end_step").get<std::int64_t>();
                continue;
            }
            LoggedCommand c;
            c.step = j.at("step").get<std::int64_t>();
            if (c.step < 0) return Error{where + ": step must be >= 0"};
            if (j.value("undo", false)) c.kind = LoggedCommand::Kind::Undo;
            else if (j.value("redo", false)) c.kind = LoggedCommand::Kind::Redo;
            else {
                const int W = log.start.state.field.width, H = log.start.state.field.height;
                auto cmd = commandFromJson(j.at("apply"), where + ": apply", W, H);
                if (!cmd) return cmd.error();
                if (auto* t = std::get_if<ReplaceTerrain>(&*cmd)) {
                    auto arr = readNpy(dir / j["apply"]["npy"].get<std::string>());
                    if (!arr) return Error{where + ": " + arr.error().message};
                    if (arr->cols != W || arr->rows != H)
                        return Error{where + ": terrain array is " + std::to_string(arr->cols) + "x" +
                                     std::to_string(arr->rows) + ", the grid " + std::to_string(W) + "x" +
                                     std::to_string(H)};
                    t->terrainM = std::move(arr->data);
                }
                c.command = std::move(*cmd);
                c.merged = j.value("merge", false);
            }
            log.commands.push_back(std::move(c));
        }
    } catch (const json::exception& e) {
        return Error{logPath.string() + ":" + std::to_string(lineNo) + ": " + e.what()};
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
