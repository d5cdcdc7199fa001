#include "app/record/timeline_player.hpp"

#include <algorithm>
#include <cmath>

#include "app/record/timeline_params.hpp"
#include "sim/command.hpp"

namespace sluice::app {

TimelinePlayer::TimelinePlayer(std::vector<TimelineEvent> events, const sim::Session& session)
    : events_(std::move(events)), startTimeSeconds_(session.solver().counters().timeSeconds) {}

Result<void> TimelinePlayer::start(const TimelineEvent& e, sim::Session& session) {
    sim::Solver& solver = session.solver();
    if (const auto* c = std::get_if<EmitterChange>(&e.change)) {
        std::vector<sim::Emitter> sources = solver.sources(), drains = solver.drains();
        std::vector<sim::Emitter>& list = c->drain ? drains : sources;
        // Indices were checked against the scene; emitters are never added or removed while playing.
        sim::Emitter& em = list.at(std::size_t(c->index));
        if (c->enabled) em.enabled = *c->enabled;
        if (c->rateM3PerS) {
            em.mode = sim::EmitterMode::Rate;
            em.rateM3PerS = *c->rateM3PerS;
        }
        if (c->levelM) {
            em.mode = sim::EmitterMode::Level;
            em.levelM = *c->levelM;
        }
        session.apply(sim::SetEmitters{std::move(sources), std::move(drains)});
    } else if (const auto* p = std::get_if<ParamsChange>(&e.change)) {
        auto merged = mergeParamsChange(solver.params(), p->params, e.label);
        if (!merged) return merged.error();
        session.apply(sim::SetParams{*merged});
    } else if (const auto* bc = std::get_if<BoundaryChange>(&e.change)) {
        auto merged = mergeBoundaryChange(solver.boundaries(), bc->boundary, e.label, solver.width(), solver.height());
        if (!merged) return merged.error();
        session.apply(sim::SetBoundaries{*merged});
    } else if (const auto* d = std::get_if<BodiesDrop>(&e.change)) {
        session.apply(sim::PlaceBodies{d->bodies});
    } else if (const auto* a = std::get_if<WorldActionEvent>(&e.change)) {
        // The same command the viewer's Worlds menu sends: one stroke, with the action's own dt.
        session.apply(sim::ApplyBrush{a->action.stroke});
    } else {
        const BrushPath& b = std::get<BrushPath>(e.change);
        // Steps of the dt in force when the stroke starts; at least one application.
        const double dt = solver.params().dtSeconds;
        strokes_.push_back(ActiveStroke{b, std::max(1LL, std::llround(std::min(b.durationSeconds / dt, 1e12))), 0});
    }
    return {};
}

Result<void> TimelinePlayer::beforeStep(sim::Session& session) {
    sim::Solver& solver = session.solver();
    const double now = solver.counters().timeSeconds - startTimeSeconds_;
    const double halfStep = 0.5 * solver.params().dtSeconds;
    // Due at the nearest step boundary: the clock is a float sum, never exactly the event's time.
    while (next_ < events_.size() && events_[next_].timeSeconds <= now + halfStep) {
        if (auto ok = start(events_[next_], session); !ok) return ok;
        ++next_;
    }
    for (ActiveStroke& s : strokes_) {
        sim::BrushStroke stroke = s.path.brush;
        // Evenly spaced from `from` (first step) to `to` (last step).
        const float u = s.steps > 1 ? float(s.done) / float(s.steps - 1) : 0.0f;
        const glm::vec2 at = s.path.fromCells + (s.path.toCells - s.path.fromCells) * u;
        stroke.x = at.x;
        stroke.y = at.y;
        stroke.dtSeconds = solver.params().dtSeconds;  // the step this application stands for
        // One stroke is one gesture: its applications form one undo entry.
        session.apply(sim::ApplyBrush{stroke}, s.done > 0);
        ++s.done;
    }
    strokes_.erase(std::remove_if(strokes_.begin(), strokes_.end(), [](const ActiveStroke& s) { return s.done >= s.steps; }),
                   strokes_.end());
    return {};
}

}  // namespace sluice::app
