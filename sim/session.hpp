#pragma once
// A running world plus its history: commands are applied between steps, grouped into undo entries
// and logged with their step numbers. Undo and redo swap the stored side of an entry with the world,
// so both directions cost the same and memory stays bounded (brushes keep only the 32x32 tiles they
// touched, not whole copies of the terrain; a reset and switching erosion on keep the whole state
// from before, so an erosion run is undone in one step).
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "sim/bodies/body_world.hpp"
#include "sim/command.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

/// Bounds of the undo history: the oldest entries are dropped beyond either limit (the newest entry
/// is always kept, however large).
struct UndoLimits {
    std::size_t maxEntries = 200;
    std::size_t maxBytes = std::size_t(512) << 20;
};

/// One line of the session log.
struct LoggedCommand {
    enum class Kind { Apply, Undo, Redo };
    std::int64_t step = 0;  ///< solver steps completed when it happened
    Kind kind = Kind::Apply;
    Command command;        ///< Apply only
    bool merged = false;    ///< Apply: continued the previous command's gesture (one undo entry)
};

class Session {
public:
    /// Takes over the solver; its current state is the session's start (the target of ResetRun).
    explicit Session(std::unique_ptr<Solver> solver, UndoLimits limits = {});

    Solver& solver() { return *solver_; }
    const Solver& solver() const { return *solver_; }
    const SolverState& start() const { return start_; }
    const UndoLimits& limits() const { return limits_; }

    /// Applies `c` now (between steps) and records it. mergeWithLast: the command continues the
    /// previous one's gesture (the same brush drag or slider drag) and is undone together with it;
    /// it merges only with an entry of the same kind. A SetParams that switches erosion on keeps the
    /// whole state from before it ("erosion run": undo restores terrain, water, layers and both
    /// ledgers as they were); a paint brush on a run without erosion state is ignored (not logged).
    void apply(const Command& c, bool mergeWithLast = false);
    /// One step of params().dtSeconds: the water, then the bodies in it (which load the water for
    /// the next step: docs/BODIES.md).
    void step();
    /// Takes over the bodies the water carries (the scene's, or a snapshot's) as they are now: the
    /// start that ResetRun puts them back to. Sets their load on the water.
    void setBodies(std::unique_ptr<BodyWorld> world);
    /// The bodies, or null: none were set and none placed (PlaceBodies sets up a world on the bed as
    /// it is, where the build has bodies).
    BodyWorld* bodies() { return bodies_.get(); }
    const BodyWorld* bodies() const { return bodies_.get(); }
    /// The bodies as the session started (setBodies), for its log's start snapshot.
    const std::vector<PlacedBody>& startBodies() const { return startBodies_; }

    bool canUndo() const { return !undo_.empty(); }
    bool canRedo() const { return !redo_.empty(); }
    bool undo();
    bool redo();
    /// Label of the entry undo() / redo() would act on ("" if none), e.g. "dig".
    std::string undoLabel() const { return undo_.empty() ? "" : undo_.back().label; }
    std::string redoLabel() const { return redo_.empty() ? "" : redo_.back().label; }
    std::size_t undoEntries() const { return undo_.size(); }
    /// Memory held by undo and redo entries, bytes.
    std::size_t historyBytes() const { return bytes_; }

    const std::vector<LoggedCommand>& log() const { return log_; }

    /// Hands the world to another solver holding the same state (restored from solver().saveState()),
    /// e.g. the CPU backend in place of the GPU one. History and log stay valid: they hold fields and
    /// commands, not a solver's internals. Not logged: the world did not change.
    void replaceSolver(std::unique_ptr<Solver> next);

private:
    static constexpr int kTile = 32;  ///< cells per side of an undo tile
    /// Tiles of one field; each holds the values that undo/redo swaps back in.
    struct TileEdit {
        Solver::Field field = Solver::Field::Terrain;
        std::map<std::size_t, std::vector<std::uint32_t>> tiles;  ///< 4-byte words (Solver::readRegion) by tile index ty * tilesX + tx
    };
    struct SettingsEdit {
        SimParams params;
        Boundaries boundary;
        std::vector<Emitter> sources, drains;
    };
    struct StateEdit {
        SolverState state;
        std::vector<PlacedBody> bodies;  ///< where the bodies were (when there are any)
    };
    /// The bodies before a place or delete gesture (a list, not a diff: bodies are few and small).
    struct BodiesEdit {
        std::vector<PlacedBody> bodies;
    };
    struct Entry {
        std::string label;
        std::variant<TileEdit, SettingsEdit, StateEdit, BodiesEdit> other;
        std::size_t bytes = 0;
        int kind = 0;  ///< Command index (merging needs the same kind)
    };

    CellBox tileBox(std::size_t index) const;
    /// Saves the tiles of `box` not yet in `edit` (their values before the change).
    std::size_t captureTiles(TileEdit& edit, int x0, int y0, int x1, int y1);
    SettingsEdit currentSettings() const;
    void swapWithWorld(Entry& e);
    void push(Entry e);
    void trim();
    static std::size_t bytesOf(const Entry& e);
    /// Bytes a whole-state checkpoint holds (reset, erosion run).
    static std::size_t stateBytes(const SolverState& state);
    /// The field a brush of `kind` changes (what its undo tiles hold).
    static Solver::Field brushField(BrushKind kind);

    /// Sets a world of bodies up on the current bed for the first placed body; false where the build
    /// has no bodies.
    bool ensureBodies();
    /// The bodies now (empty without a world), and a world holding `list` instead, its load set.
    std::vector<PlacedBody> currentBodies() const;
    void putBodies(const std::vector<PlacedBody>& list);

    std::unique_ptr<Solver> solver_;
    std::unique_ptr<BodyWorld> bodies_;
    std::vector<PlacedBody> startBodies_;
    bool bedMoved_ = false;  ///< the bed changed since the bodies' collider last followed it
    SolverState start_;
    UndoLimits limits_;
    std::deque<Entry> undo_;
    std::vector<Entry> redo_;
    std::size_t bytes_ = 0;
    std::vector<LoggedCommand> log_;
    int tilesX_ = 0, tilesY_ = 0;
};

}  // namespace sluice::sim
