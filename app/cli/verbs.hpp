#pragma once
// Entry points of the CLI verbs; each returns the process exit code (see app/cli/args.hpp).

namespace sluice::app {
int runSimulate(int argc, char** argv);
int runBench(int argc, char** argv);
/// `sluice bench --frame ...` (app/cli/bench_frame.cpp): whole-frame timings of the 3-D view.
int runBenchFrame(int argc, char** argv);
int runBenchBodies(int argc, char** argv);
int runInfo(int argc, char** argv);
int runRender(int argc, char** argv);
/// `sluice record`: a video (or PNG frames) of a scene run headless, optionally driven by a timeline.
int runRecord(int argc, char** argv);
int runReplay(int argc, char** argv);
/// `sluice sweep`: every combination of parameter values, results.csv, thumbnails, contact sheet.
int runSweep(int argc, char** argv);
/// `sluice export`: terrain, water and flow maps and glTF meshes for engines (app/cli/export.cpp).
int runExport(int argc, char** argv);
#ifdef SLUICE_HAS_WINDOW
/// The interactive viewer (app/window/): `sluice [SCENE.json]`.
int runViewer(int argc, char** argv);
#endif
}  // namespace sluice::app
