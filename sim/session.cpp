#include "sim/session.hpp"

#include <algorithm>
#include <cassert>

#include "sim/bodies/body_run.hpp"
#include "sim/brush_math.hpp"

namespace sluice::sim {

Session::Session(std::unique_ptr<Solver> solver, UndoLimits limits)
    : solver_(std::move(solver)), start_(solver_->saveState()), limits_(limits) {
    tilesX_ = (solver_->width() + kTile - 1) / kTile;
    tilesY_ = (solver_->height() + kTile - 1) / kTile;
}

CellBox Session::tileBox(std::size_t index) const {
    const int tx = int(index % std::size_t(tilesX_)), ty = int(index / std::size_t(tilesX_));
    CellBox b{tx * kTile, ty * kTile, kTile, kTile};
    b.w = std::min(kTile, solver_->width() - b.x0);
    b.h = std::min(kTile, solver_->height() - b.y0);
    return b;
}

std::size_t Session::captureTiles(TileEdit& edit, int x0, int y0, int x1, int y1) {
    if (x1 <= x0 || y1 <= y0) return 0;
    // One read of the box widened to whole tiles (one call per row, not per tile row), then slices.
    const int tx0 = x0 / kTile, ty0 = y0 / kTile, tx1 = (x1 - 1) / kTile, ty1 = (y1 - 1) / kTile;
    const CellBox all{tx0 * kTile, ty0 * kTile, std::min((tx1 + 1) * kTile, solver_->width()) - tx0 * kTile,
                      std::min((ty1 + 1) * kTile, solver_->height()) - ty0 * kTile};
    std::vector<std::uint32_t> values;
    std::size_t added = 0;
    for (int ty = ty0; ty <= ty1; ++ty)
        for (int tx = tx0; tx <= tx1; ++tx) {
            const std::size_t index = std::size_t(ty) * std::size_t(tilesX_) + std::size_t(tx);
            if (edit.tiles.count(index)) continue;
            if (values.empty()) {
                values.resize(all.cellCount());
                solver_->readRegion(edit.field, all, values.data());
            }
            const CellBox box = tileBox(index);
            std::vector<std::uint32_t> tile(box.cellCount());
            for (int r = 0; r < box.h; ++r)
                std::copy_n(values.begin() + std::ptrdiff_t(std::size_t(box.y0 - all.y0 + r) * std::size_t(all.w) +
                                                             std::size_t(box.x0 - all.x0)),
                            box.w, tile.begin() + std::ptrdiff_t(std::size_t(r) * std::size_t(box.w)));
            added += tile.size() * sizeof(std::uint32_t);
            edit.tiles.emplace(index, std::move(tile));
        }
    return added;
}

Session::SettingsEdit Session::currentSettings() const {
    return SettingsEdit{solver_->params(), solver_->boundaries(), solver_->sources(), solver_->drains()};
}

std::size_t Session::bytesOf(const Entry& e) {
    if (const auto* t = std::get_if<TileEdit>(&e.other)) {
        std::size_t b = 0;
        for (const auto& [i, v] : t->tiles) b += v.size() * sizeof(std::uint32_t) + 64;
        return b;
    }
    if (const auto* s = std::get_if<StateEdit>(&e.other)) return stateBytes(s->state) + s->bodies.size() * sizeof(PlacedBody);
    if (const auto* b = std::get_if<BodiesEdit>(&e.other)) return b->bodies.size() * sizeof(PlacedBody) + 64;
    return sizeof(SettingsEdit);
}

std::size_t Session::stateBytes(const SolverState& state) {
    // Every array is of 4-byte elements: the bed, depths, flows, face velocities and erosion's layers.
    const FieldSnapshot& f = state.field;
    const ErosionField& e = f.erosion;
    const std::size_t elements = f.terrainM.size() + f.depthUnits.size() + f.prevDepthUnits.size() + f.depthM.size() +
                                 f.flowXM3PerS.size() + f.flowYM3PerS.size() + f.faceVelocityXMS.size() +
                                 f.faceVelocityYMS.size() + e.baseM.size() + e.bedChangeUnits.size() + e.softUnits.size() +
                                 e.sedimentUnits.size() + e.hardness.size();
    return elements * 4 + sizeof(SolverState);
}

Solver::Field Session::brushField(BrushKind kind) {
    if (isWaterBrush(kind)) return Solver::Field::Depth;
    if (kind == BrushKind::PaintSoft) return Solver::Field::Soft;
    if (kind == BrushKind::PaintHardness) return Solver::Field::Hardness;
    return Solver::Field::Terrain;
}

void Session::setBodies(std::unique_ptr<BodyWorld> world) {
    bodies_ = std::move(world);
    startBodies_ = currentBodies();
    bedMoved_ = false;
    if (bodies_) loadWater(*bodies_, *solver_);
    else solver_->setBodyLoad({});
}

bool Session::ensureBodies() {
    if (bodies_) return true;
    auto world = bodyWorldOn(*solver_);
    if (!world) return false;
    bodies_ = std::move(*world);
    return true;
}

std::vector<PlacedBody> Session::currentBodies() const {
    return bodies_ ? placedBodies(*bodies_) : std::vector<PlacedBody>{};
}

void Session::putBodies(const std::vector<PlacedBody>& list) {
    if (!bodies_ && list.empty()) return;
    if (!bodies_ && !ensureBodies()) return;
    replaceBodies(*bodies_, list);
    loadWater(*bodies_, *solver_);
}

void Session::apply(const Command& c, bool mergeWithLast) {
    // Painting erosion's layers on a run without them changes nothing: no log line, no undo entry.
    if (const auto* b = std::get_if<ApplyBrush>(&c); b && isMaterialBrush(b->stroke.kind) && !solver_->hasErosionState())
        return;
    // A body the world would refuse (the places that make specs check them and say why): nothing.
    const std::vector<BodySpec>* specs = nullptr;
    if (const auto* p = std::get_if<PlaceBodies>(&c)) specs = &p->bodies;
    if (const auto* e = std::get_if<EditBodies>(&c)) specs = &e->specs;
    if (specs && std::any_of(specs->begin(), specs->end(), [](const BodySpec& b) { return bodyProblem(b).has_value(); }))
        return;
    // Bodies where the build has none, or deleting bodies that are not there: likewise nothing.
    if (std::holds_alternative<PlaceBodies>(c) && !ensureBodies()) return;
    const std::vector<int>* indices = nullptr;
    if (const auto* r = std::get_if<RemoveBodies>(&c)) indices = &r->indices;
    if (const auto* e = std::get_if<EditBodies>(&c)) indices = &e->indices;
    if (indices) {
        const int count = bodies_ ? int(bodies_->bodies().size()) : 0;
        if (std::none_of(indices->begin(), indices->end(), [&](int i) { return i >= 0 && i < count; })) return;
    }
    log_.push_back(LoggedCommand{solver_->counters().steps, LoggedCommand::Kind::Apply, c, mergeWithLast});
    for (const Entry& e : redo_) bytes_ -= e.bytes;
    redo_.clear();
    const int kind = int(c.index());
    Entry* top = (mergeWithLast && !undo_.empty() && undo_.back().kind == kind) ? &undo_.back() : nullptr;

    if (const auto* b = std::get_if<ApplyBrush>(&c)) {
        const BrushStroke& s = b->stroke;
        const Solver::Field field = brushField(s.kind);
        auto* tiles = top ? std::get_if<TileEdit>(&top->other) : nullptr;
        if (tiles && tiles->field != field) tiles = nullptr;
        const auto box = brushmath::brushBox(s.x, s.y, s.radiusCells, solver_->width(), solver_->height());
        if (tiles) {
            const std::size_t more = captureTiles(*tiles, box.x0, box.y0, box.x1, box.y1);
            top->bytes += more;
            bytes_ += more;
        } else {
            TileEdit edit{field, {}};
            captureTiles(edit, box.x0, box.y0, box.x1, box.y1);
            push(Entry{describe(c), std::move(edit), 0, kind});
        }
        solver_->applyBrush(s);
        if (field == Solver::Field::Terrain) bedMoved_ = true;
        trim();
        return;
    }
    if (std::holds_alternative<PlaceBodies>(c) || std::holds_alternative<RemoveBodies>(c) ||
        std::holds_alternative<EditBodies>(c)) {
        // One gesture (a blocks-brush stroke, a drag of a body) is one entry holding the bodies from before it.
        if (!top || !std::holds_alternative<BodiesEdit>(top->other)) push(Entry{describe(c), BodiesEdit{currentBodies()}, 0, kind});
        applyBodyCommand(*bodies_, c);
        loadWater(*bodies_, *solver_);
        trim();
        return;
    }
    if (const auto* t = std::get_if<ReplaceTerrain>(&c)) {
        assert(t->terrainM.size() == std::size_t(solver_->width()) * std::size_t(solver_->height()));
        TileEdit edit{Solver::Field::Terrain, {}};
        captureTiles(edit, 0, 0, solver_->width(), solver_->height());
        push(Entry{describe(c), std::move(edit), 0, kind});
        solver_->setTerrain(t->terrainM);
        bedMoved_ = true;
        trim();
        return;
    }
    if (std::holds_alternative<ResetRun>(c)) {
        push(Entry{describe(c), StateEdit{solver_->saveState(), currentBodies()}, 0, kind});
        SolverState fresh = start_;
        // The designer's sculpting stays (read only the bed, not the whole state).
        solver_->readRegion(Solver::Field::Terrain, CellBox{0, 0, solver_->width(), solver_->height()},
                            reinterpret_cast<std::uint32_t*>(fresh.field.terrainM.data()));
        fresh.params = solver_->params();
        fresh.boundary = solver_->boundaries();
        fresh.sources = solver_->sources();
        fresh.drains = solver_->drains();
        [[maybe_unused]] auto ok = solver_->restoreState(fresh);
        assert(ok);
        putBodies(startBodies_);  // and the bodies back where the session started them
        trim();
        return;
    }
    // Switching erosion on starts an erosion run, which changes the terrain, the water and every
    // layer from then on: its entry keeps the whole state from before, so one undo takes the world
    // back to it (and redo to the state at the undo). Not merged into a settings gesture.
    if (const auto* p = std::get_if<SetParams>(&c); p && p->params.erosion.enabled && !solver_->params().erosion.enabled) {
        if (!top || !std::holds_alternative<StateEdit>(top->other))
            push(Entry{"erosion run", StateEdit{solver_->saveState(), currentBodies()}, 0, kind});
        solver_->setParams(p->params);
        trim();
        return;
    }
    // Settings: the entry keeps the values from before the gesture began.
    if (!top) push(Entry{describe(c), currentSettings(), 0, kind});
    if (const auto* p = std::get_if<SetParams>(&c)) solver_->setParams(p->params);
    if (const auto* e = std::get_if<SetEmitters>(&c)) solver_->setEmitters(e->sources, e->drains);
    if (const auto* b = std::get_if<SetBoundaries>(&c)) solver_->setBoundaries(b->boundary);
    trim();
}

void Session::step() {
    const float dt = solver_->params().dtSeconds;
    solver_->step(dt);
    if (!bodies_) return;
    stepBodies(*bodies_, *solver_, dt, bedMoved_ || solver_->params().erosion.enabled);
    bedMoved_ = false;
}

void Session::swapWithWorld(Entry& e) {
    if (auto* t = std::get_if<TileEdit>(&e.other)) {
        std::vector<std::uint32_t> now;
        for (auto& [index, values] : t->tiles) {
            const CellBox box = tileBox(index);
            now.resize(box.cellCount());
            solver_->readRegion(t->field, box, now.data());
            solver_->writeRegion(t->field, box, values.data());
            values.swap(now);
        }
        if (t->field == Solver::Field::Terrain) bedMoved_ = true;
    } else if (auto* s = std::get_if<SettingsEdit>(&e.other)) {
        SettingsEdit now = currentSettings();
        solver_->setParams(s->params);
        solver_->setBoundaries(s->boundary);
        solver_->setEmitters(s->sources, s->drains);
        *s = std::move(now);
    } else if (auto* st = std::get_if<StateEdit>(&e.other)) {
        SolverState now = solver_->saveState();
        std::vector<PlacedBody> bodiesNow = currentBodies();
        [[maybe_unused]] auto ok = solver_->restoreState(st->state);
        assert(ok);
        putBodies(st->bodies);
        bedMoved_ = true;
        st->state = std::move(now);
        st->bodies = std::move(bodiesNow);
    } else if (auto* b = std::get_if<BodiesEdit>(&e.other)) {
        std::vector<PlacedBody> now = currentBodies();
        putBodies(b->bodies);
        b->bodies = std::move(now);
    }
}

bool Session::undo() {
    if (undo_.empty()) return false;
    log_.push_back(LoggedCommand{solver_->counters().steps, LoggedCommand::Kind::Undo, {}});
    Entry e = std::move(undo_.back());
    undo_.pop_back();
    swapWithWorld(e);
    redo_.push_back(std::move(e));
    return true;
}

bool Session::redo() {
    if (redo_.empty()) return false;
    log_.push_back(LoggedCommand{solver_->counters().steps, LoggedCommand::Kind::Redo, {}});
    Entry e = std::move(redo_.back());
    redo_.pop_back();
    swapWithWorld(e);
    undo_.push_back(std::move(e));
    return true;
}

void Session::push(Entry e) {
    e.bytes = bytesOf(e);
    bytes_ += e.bytes;
    undo_.push_back(std::move(e));
}

void Session::trim() {
    while (undo_.size() > 1 && (undo_.size() > limits_.maxEntries || bytes_ > limits_.maxBytes)) {
        bytes_ -= undo_.front().bytes;
        undo_.pop_front();
    }
}

void Session::replaceSolver(std::unique_ptr<Solver> next) {
    assert(next && next->width() == solver_->width() && next->height() == solver_->height());
    // The bodies' load goes with the water: the next step runs as it would have on the old solver.
    next->setBodyLoad(solver_->bodyLoad());
    solver_ = std::move(next);
}

}  // namespace sluice::sim
