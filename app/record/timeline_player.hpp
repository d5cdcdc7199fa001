#pragma once
// Plays a timeline's world events into a running session: each event becomes sim::Commands applied
// between steps (so they are logged with their step numbers and replay deterministically), and each
// brush stroke becomes one ApplyBrush per simulation step along its path.
#include <cstddef>
#include <vector>

#include "app/record/timeline.hpp"
#include "gl/result.hpp"
#include "sim/session.hpp"

namespace sluice::app {

/// Applies events at the step boundary nearest to their time, measured in simulated seconds from
/// the moment the player was created (a resumed snapshot does not shift the timeline).
class TimelinePlayer {
public:
    TimelinePlayer(std::vector<TimelineEvent> events, const sim::Session& session);

    /// Applies every event that is due and the next application of every brush stroke in
    /// progress. Call before each session.step(). Errors (a parameter change that no longer
    /// validates) name the event.
    Result<void> beforeStep(sim::Session& session);
    /// Events that have not started yet (scheduled after the part played so far).
    std::size_t eventsLeft() const { return events_.size() - next_; }
    /// The time of the first event not started yet, simulated seconds from the start.
    double nextEventTime() const { return next_ < events_.size() ? events_[next_].timeSeconds : -1.0; }

private:
    /// A brush stroke being played: one application per step, `steps` in all.
    struct ActiveStroke {
        BrushPath path;
        long long steps = 1, done = 0;
    };
    Result<void> start(const TimelineEvent& e, sim::Session& session);

    std::vector<TimelineEvent> events_;  ///< sorted by time
    std::size_t next_ = 0;
    std::vector<ActiveStroke> strokes_;
    double startTimeSeconds_ = 0;  ///< the solver's clock when the player was created
};

}  // namespace sluice::app
