#pragma once
// Whole frames of the 3-D view, headless (app/cli/bench_frame.cpp): the built-in default scene at
// real-time speed, rendered offscreen with the full look, each frame glFinish'd. Shared by
// `sluice bench --frame` and the frame column of `sluice bench --frames`.
#include <vector>

#include "render/scene_renderer.hpp"
#include "gl/result.hpp"

namespace sluice::app {

/// Figures of one frame, milliseconds (wall time; GPU time per pass from timer queries).
struct FrameFigures {
    double wall = 0, sim = 0, bounds = 0, terrain = 0, water = 0, resolve = 0;
    int steps = 0;  ///< simulation steps taken in the frame
};

/// One run of measureFrames().
struct FrameBench {
    std::vector<FrameFigures> frames;
    long long steps = 0;
    float dtSeconds = 0;
    render::RenderStats stats;      ///< the renderer's, after the last frame
    double solverBytesPerCell = 0;  ///< the solver's GPU buffers
    bool timeLapse = false;         ///< paced by TimeLapsePacer instead of real time
    int bodies = 0;                 ///< logs drawn (with their shadows), standing still
    double simulatedSeconds = 0, wallSeconds = 0;  ///< over the measured frames
    std::vector<double> column(double FrameFigures::*field) const;
    /// GPU memory per cell of the viewer: solver, renderer maps, depth snapshot, water history.
    double totalBytesPerCell() const;
};

/// Renders frameCount frames of builtin:default:gridSize at width x height after one untimed frame.
/// With `timeLapse` each frame runs the steps the viewer's time-lapse pacer asks for
/// (app/pacing/timelapse_pacer.hpp) and draws the newest state, as the viewer's "as fast as possible"
/// does; the pacer first settles over `timeLapse` warm-up frames (untimed). Needs a current GL 4.5
/// context.
/// With `bodies`, that many logs (3 x 0.4 x 0.4 m) scattered over the world at its water surface
/// are drawn in every frame, casting shadows (their drawing's cost; they are not moved).
Result<FrameBench> measureFrames(int gridSize, int width, int height, long long frameCount, double renderScale = 1.0,
                                 bool timeLapse = false, int bodies = 0);

double percentile(std::vector<double> v, double p);  ///< p in [0, 1], nearest rank
double mean(const std::vector<double>& v);

}  // namespace sluice::app
