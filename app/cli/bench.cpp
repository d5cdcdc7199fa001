// `sluice bench`: in one process, the device copy bandwidth (the ceiling for a memory-bound kernel),
// the GPU pipe step at each grid size, and the single-threaded CPU reference on the same grids, with
// the ratios between them. Figures are measured here and now; compare ratios, not absolute times.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/bench/copy_bandwidth.hpp"
#include "app/bench/frame_bench.hpp"
#include "app/bench/step_bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/headless_view.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {

const char* kUsage = "usage: sluice bench [--sizes 1024,2048,4096] [--quick] [--json] [--min-seconds S] [--cpu-max N]\n"
                     "                    [--wet F] [--stream-rows 8,16,...] [--stream-widths 32,...,256]\n"
                     "                    [--strips ROWSxK,...] [--copy-sizes 64,256,...]\n"
                     "                    [--frames K [--frame-size WxH] [--frame-max N]]\n"
                     "       sluice bench --frame [--grid N] [--size WxH] [--frames K] [--json]\n";

// Everything measured at one grid size: one row of each table.
struct SizeResult {
    int size = 0;
    double variantCellSteps[kVariants] = {};  // two-pass, stream with 1, 2 substeps per dispatch, sweeps (0: n/a)
    int variantRows[kVariants] = {};          // stream tile rows used (automatic)
    std::vector<double> sweep[kVariants];     // --stream-*: stream rate per swept shape
    std::vector<double> stripSweep;           // --strips: two-pass rate per strip shape
    int best = 0;                             // index of the fastest variant
    double gpuCellSteps = 0, gpuMsPerStep = 0, gpuGBs = 0, fractionOfCopy = 0;
    double cpuCellSteps = 0, cpuMsPerStep = 0;
    int gpuSubsteps = 0, cpuSubsteps = 0;
    double bytesPerCell = 0;
    // --frames: whole frames of the default scene at this grid size (bench --frame), median wall ms,
    // and the viewer's GPU memory per cell.
    double frameMs = 0, frameP95Ms = 0, frameSimMs = 0, viewerBytesPerCell = 0;
    bool subgroups = false;
    // Mostly dry world (benchDryScene): the best variant without skipping; two-pass and the best stream
    // variant with it.
    int dryVariant = 1;
    double dryWetFraction = 0, dryCellStepsAll = 0, dryCellStepsSkip = 0, dryTilesComputed = 0;
    double dryCellStepsSkipStream = 0, dryTilesComputedStream = 0;
};

// One point of the --strips sweep.
struct StripShape {
    int rows = 0, substeps = 1;
};

// "ROWSxK,ROWSxK,...": false on a malformed list; an empty text is an empty list.
bool parseStrips(const std::string& text, std::vector<StripShape>& out) {
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        StripShape shape;
        char x = 0;
        std::stringstream one(item);
        if (!(one >> shape.rows >> x >> shape.substeps) || x != 'x' || !one.eof() || shape.rows < 0 ||
            (shape.rows > 0 && shape.rows < 8) || shape.rows > 32768 || shape.substeps < 1 || shape.substeps > 64)
            return false;
        out.push_back(shape);
    }
    return true;
}

std::vector<int> parseSizes(const std::string& text, long lo = 16, long hi = 32768) {
    std::vector<int> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (end == item.c_str() || *end != '\0' || v < lo || v > hi) return {};
        out.push_back(int(v));
    }
    return out;
}

}  // namespace

int runBench(int argc, char** argv) {
    for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--frame") == 0) return runBenchFrame(argc, argv);
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quick", "--json"});
    if (auto ok = args.check({"--sizes", "--quick", "--json", "--min-seconds", "--cpu-max", "--wet", "--stream-rows",
                                "--stream-widths", "--frames", "--frame-size", "--frame-max", "--strips", "--copy-sizes"});
        !ok || !args.positional.empty()) {
        std::cerr << "sluice bench: " << (ok ? "unexpected argument " + args.positional[0] : ok.error().message) << "\n"
                  << kUsage;
        return kExitUsage;
    }
    const bool quick = args.has("--quick");
    const std::vector<int> sizes = parseSizes(args.get("--sizes").value_or(quick ? "64,128" : "1024,2048,4096"));
    if (sizes.empty()) {
        std::cerr << "sluice bench: --sizes: expected comma-separated integers from 16 to 32768\n";
        return kExitUsage;
    }
    // Seconds each measurement runs for: at most an hour, so that a typo cannot make it run forever.
    constexpr sim::NumberRule kMinSecondsRule{0, 3600, true, false, false, "s"};
    auto minSecondsArg = args.number("--min-seconds", quick ? 0.05 : 0.5, kMinSecondsRule);
    auto cpuMax = args.integer("--cpu-max", quick ? 128 : 4096, 0, 32768);
    // The sweep over stream shapes: every combination of the lists given (none: no sweep).
    std::vector<StreamShape> shapes;
    if (args.has("--stream-rows") || args.has("--stream-widths")) {
        const std::vector<int> rows = parseSizes(args.get("--stream-rows").value_or("0"), 0, sim::GpuSolver::kMaxStreamRows);
        const std::vector<int> widths = parseSizes(args.get("--stream-widths").value_or("0"), 0, sim::GpuSolver::kMaxStreamWidth);
        if (rows.empty() || widths.empty()) {
            std::cerr << "sluice bench: --stream-rows (0 or 8.." << sim::GpuSolver::kMaxStreamRows << ") and --stream-widths (0 or 32.."
                      << sim::GpuSolver::kMaxStreamWidth << ") take comma-separated integers\n";
            return kExitUsage;
        }
        for (int w : widths)
            for (int r : rows) shapes.push_back({r, w});
    }
    // Two-pass sweeps to measure (strip rows x substeps per sweep; rows 0: the whole grid per
    // substep), and copy sizes in MiB.
    std::vector<StripShape> strips;
    const bool stripsOk = parseStrips(args.get("--strips").value_or(""), strips);
    const std::vector<int> copySizes = parseSizes(args.get("--copy-sizes").value_or(""), 1, 2048);
    if (!stripsOk || (args.has("--copy-sizes") && copySizes.empty())) {
        std::cerr << "sluice bench: --strips takes ROWSxK,... (rows 0 or 8..32768, K 1..64) and --copy-sizes "
                     "comma-separated MiB (1..2048)\n";
        return kExitUsage;
    }
    auto frames = args.integer("--frames", 0, 0, 100000);
    auto frameMax = args.integer("--frame-max", 8192, sim::kMinBuiltinSize, sim::kMaxBuiltinSize);  // largest grid with frames
    int frameWidth = 1920, frameHeight = 1080;
    if (!frames || !frameMax || (args.get("--frame-size") && !parseImageSize(*args.get("--frame-size"), frameWidth, frameHeight))) {
        std::cerr << "sluice bench: "
                  << (!frames ? frames.error().message : !frameMax ? frameMax.error().message : "--frame-size: expected WxH in pixels")
                  << "\n";
        return kExitUsage;
    }
    auto wetArg = args.number("--wet", 0.1, 0.01, 0.5);
    for (const Result<double>* r : {&minSecondsArg, &wetArg})
        if (!*r) {
            std::cerr << "sluice bench: " << r->error().message << "\n";
            return kExitUsage;
        }
    if (!cpuMax) {
        std::cerr << "sluice bench: " << cpuMax.error().message << "\n";
        return kExitUsage;
    }
    const double minSeconds = *minSecondsArg, wet = *wetArg;

    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    const std::string device = (*ctx)->description();
    auto copyAll = measureCopy(quick ? (16u << 20) : (1024u << 20), minSeconds);
    if (!copyAll) {
        std::cerr << "error: " << copyAll.error().message << "\n";
        return kExitNoGpu;
    }
    const double ceiling = copyAll->best();
    std::vector<CopySweepRow> copySweep;
    if (!copySizes.empty()) {
        auto swept = measureCopySweep(copySizes, minSeconds);
        if (!swept) {
            std::cerr << "error: " << swept.error().message << "\n";
            return kExitNoGpu;
        }
        copySweep = std::move(*swept);
    }
    std::vector<SizeResult> results;
    for (int size : sizes) {
        SizeResult r;
        r.size = size;
        const sim::Scene scene = sim::benchScene(size);
        const double cells = double(size) * double(size);
        int bestStream = 1;
        for (int v = 0; v < kVariants; ++v) {
            // Sweeps need more than one strip.
            if (v == kSweepVariant && sim::GpuSolver::autoStripRows(size) >= size) continue;
            auto run = measureGpu(scene, variantTuning(v, size), minSeconds);
            if (!run) {
                std::cerr << "error: " << run.error().message << "\n";
                return kExitNoGpu;
            }
            r.variantCellSteps[v] = run->substepsPerSecond * cells;
            r.variantRows[v] = run->streamRows;
            if (r.variantCellSteps[v] > r.variantCellSteps[r.best]) r.best = v;
            if (isStream(v) && r.variantCellSteps[v] > r.variantCellSteps[bestStream]) bestStream = v;
            // The --strips and --stream-* sweeps: cell-steps/s of each tuning, or an error.
            auto sweepRate = [&](const sim::GpuSolver::Tuning& tuning, std::vector<double>& out) {
                auto swept = measureGpu(scene, tuning, minSeconds);
                if (!swept) std::cerr << "error: " << swept.error().message << "\n";
                else out.push_back(swept->substepsPerSecond * cells);
                return bool(swept);
            };
            for (const StripShape& strip : strips) {
                if (v != 0) break;
                sim::GpuSolver::Tuning tuning = variantTuning(0, size);
                tuning.stripRows = strip.rows;
                tuning.sweepSubsteps = strip.substeps;
                if (!sweepRate(tuning, r.stripSweep)) return kExitNoGpu;
            }
            for (const StreamShape& shape : shapes) {
                if (!isStream(v)) break;
                if (!sweepRate(variantTuning(v, size, shape), r.sweep[v])) return kExitNoGpu;
            }
            if (v == r.best) {
                r.gpuSubsteps = run->substepsTimed;
                r.bytesPerCell = run->bytesPerCell;
                r.subgroups = run->subgroups;
            }
        }
        r.gpuCellSteps = r.variantCellSteps[r.best];
        r.gpuMsPerStep = 1000.0 * cells / r.gpuCellSteps;
        r.gpuGBs = r.gpuCellSteps * variantBytesPerCellStep(r.best) / 1e9;
        r.fractionOfCopy = r.gpuGBs * 1e9 / ceiling;
        {
            const sim::Scene dry = sim::benchDryScene(size, float(wet));
            std::size_t wetCells = 0;
            for (float h : dry.depthM) wetCells += h > 0.0f ? 1 : 0;
            r.dryWetFraction = double(wetCells) / cells;
            sim::GpuSolver::Tuning tuning = variantTuning(r.best, size);
            tuning.skipDryTiles = false;
            auto all = measureGpu(dry, tuning, minSeconds);
            tuning = variantTuning(0, size);
            tuning.skipDryTiles = true;
            tuning.countTiles = true;
            auto skip = all ? measureGpu(dry, tuning, minSeconds) : all;
            tuning = variantTuning(bestStream, size);
            tuning.skipDryTiles = true;
            tuning.countTiles = true;
            r.dryVariant = bestStream;
            auto skipStream = skip ? measureGpu(dry, tuning, minSeconds) : skip;
            if (!skipStream) {
                std::cerr << "error: " << skipStream.error().message << "\n";
                return kExitNoGpu;
            }
            r.dryCellStepsAll = all->substepsPerSecond * cells;
            r.dryCellStepsSkip = skip->substepsPerSecond * cells;
            r.dryTilesComputed = skip->tilesComputed;
            r.dryCellStepsSkipStream = skipStream->substepsPerSecond * cells;
            r.dryTilesComputedStream = skipStream->tilesComputed;
        }
        if (*frames > 0 && size <= *frameMax) {
            auto fb = measureFrames(size, frameWidth, frameHeight, *frames);
            if (!fb) {
                std::cerr << "error: " << fb.error().message << "\n";
                return kExitNoGpu;
            }
            const std::vector<double> wall = fb->column(&FrameFigures::wall);
            r.frameMs = percentile(wall, 0.5);
            r.frameP95Ms = percentile(wall, 0.95);
            r.frameSimMs = mean(fb->column(&FrameFigures::sim));
            r.viewerBytesPerCell = fb->totalBytesPerCell();
        }
        if (size <= *cpuMax) {
            const double cpuRate = measureCpu(scene, minSeconds, r.cpuSubsteps);
            r.cpuCellSteps = cpuRate * cells;
            r.cpuMsPerStep = 1000.0 / cpuRate;
        }
        results.push_back(r);
    }

    if (args.has("--json")) {
        nlohmann::json j = {{"device", device}, {"copy_bytes_per_s", ceiling},
                            {"copy_compute_1_bytes_per_s", copyAll->computeOne},
                            {"copy_compute_4_bytes_per_s", copyAll->computeFour},
                            {"copy_driver_bytes_per_s", copyAll->driver},
                            {"wet_fraction_asked", wet}, {"frames", *frames},
                            {"frame_size", nlohmann::json::array({frameWidth, frameHeight})}};
        for (const StripShape& strip : strips)
            j["strips_swept"].push_back({{"rows", strip.rows}, {"substeps_per_sweep", strip.substeps}});
        for (const CopySweepRow& c : copySweep)
            j["copy_sweep"].push_back({{"bytes", c.bytes}, {"bytes_per_s", c.plain}, {"bytes_per_s_one_buffer", c.oneBuffer},
                                       {"bytes_per_s_window", c.window},
                                       {"window_bytes", c.windowBytes}});
        for (const StreamShape& shape : shapes)
            j["stream_shapes_swept"].push_back({{"rows", shape.rows}, {"width", shape.width}});
        for (const SizeResult& r : results) {
            nlohmann::json sweep = nlohmann::json::array();
            for (int v = 1; v <= kMaxStream; ++v) sweep.push_back(r.sweep[v]);
            j["sizes"].push_back({{"size", r.size}, {"gpu_cell_steps_per_s", r.gpuCellSteps},
                                  {"two_pass_cell_steps_per_s_by_strip", r.stripSweep},
                                  {"best_kernel", isStream(r.best) ? "stream" : r.best == 0 ? "two-pass" : "two-pass sweeps"},
                                  {"substeps_per_dispatch", isStream(r.best) ? r.best : 1}, {"subgroup_reductions", r.subgroups},
                                  {"bytes_per_cell_step", variantBytesPerCellStep(r.best)},
                                  {"gpu_cell_steps_per_s_two_pass", r.variantCellSteps[0]},
                                  {"gpu_cell_steps_per_s_two_pass_sweeps", r.variantCellSteps[kSweepVariant]},
                                  {"sweep_strip_rows", r.variantCellSteps[kSweepVariant] > 0 ? sim::GpuSolver::autoStripRows(r.size) : 0},
                                  {"sweep_substeps", sim::GpuSolver::kAutoSweepSubsteps},
                                  {"gpu_cell_steps_per_s_stream_by_substeps_per_dispatch",
                                   std::vector<double>(r.variantCellSteps + 1, r.variantCellSteps + 1 + kMaxStream)},
                                  {"stream_rows_by_substeps_per_dispatch", std::vector<int>(r.variantRows + 1, r.variantRows + 1 + kMaxStream)},
                                  {"stream_cell_steps_per_s_by_swept_shape", sweep},
                                  {"dry_stream_substeps_per_dispatch", r.dryVariant},
                                  {"dry_wet_fraction", r.dryWetFraction},
                                  {"dry_cell_steps_per_s_no_skip", r.dryCellStepsAll},
                                  {"dry_cell_steps_per_s_skip", r.dryCellStepsSkip},
                                  {"dry_tiles_computed_fraction", r.dryTilesComputed},
                                  {"dry_cell_steps_per_s_skip_stream", r.dryCellStepsSkipStream},
                                  {"dry_tiles_computed_fraction_stream", r.dryTilesComputedStream},
                                  {"gpu_ms_per_step", r.gpuMsPerStep}, {"gpu_gb_per_s", r.gpuGBs},
                                  {"fraction_of_copy", r.fractionOfCopy}, {"gpu_substeps_timed", r.gpuSubsteps},
                                  {"gpu_bytes_per_cell", r.bytesPerCell}, {"cpu_cell_steps_per_s", r.cpuCellSteps},
                                  {"cpu_ms_per_step", r.cpuMsPerStep},
                                  {"frame_ms_median", r.frameMs}, {"frame_ms_p95", r.frameP95Ms},
                                  {"frame_sim_ms_mean", r.frameSimMs}, {"viewer_gpu_bytes_per_cell", r.viewerBytesPerCell},
                                  {"gpu_over_cpu", r.cpuCellSteps > 0 ? r.gpuCellSteps / r.cpuCellSteps : 0.0}});
        }
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("device: %s\n", device.c_str());
    std::printf("copy ceiling: %.1f GB/s (bytes read + written; best of compute 1 vec4/thread %.1f, "
                "4 vec4/thread %.1f, driver copy %.1f)\n",
                ceiling / 1e9, copyAll->computeOne / 1e9, copyAll->computeFour / 1e9, copyAll->driver / 1e9);
    std::printf("GPU step, G cell-steps/s: the two-pass step (48 B per cell-step: each array once per pass), the\n"
                "stream step with S = 1, 2 substeps per dispatch (rows streamed down %d-column regions; temporal\n"
                "blocking for S = 2; 28/S B per cell-step; reductions by %s), and the two-pass step in\n"
                "skewed sweeps (%d substeps strip by strip, strips of at most %d MiB; 48 B; grids of 2 strips and more)\n\n",
                SLUICE_STREAM_WIDTH, !results.empty() && results[0].subgroups ? "subgroup arithmetic" : "a shared-memory tree",
                sim::GpuSolver::kAutoSweepSubsteps, int(sim::GpuSolver::kSweepStripBytes / (1024 * 1024)));
    std::printf("%7s %9s %9s %9s %9s %9s %9s %9s %8s %7s %12s %9s %9s %9s %9s\n", "grid", "two-pass", "stream 1", "stream 2",
                "sweeps", "best", "ms/step", "GB/s", "of copy", "B/cell", "CPU Mcell/s", "CPU ms", "GPU/CPU", "frame ms", "view B/c");
    for (const SizeResult& r : results) {
        char cpuCol[64] = "-", cpuMs[32] = "-", ratio[32] = "-";
        if (r.cpuCellSteps > 0) {
            std::snprintf(cpuCol, sizeof cpuCol, "%.1f", r.cpuCellSteps / 1e6);
            std::snprintf(cpuMs, sizeof cpuMs, "%.2f", r.cpuMsPerStep);
            std::snprintf(ratio, sizeof ratio, "%.3gx", r.gpuCellSteps / r.cpuCellSteps);
        }
        const std::string best = variantName(r.best);
        char sweepCol[32] = "-";
        if (r.variantCellSteps[kSweepVariant] > 0) std::snprintf(sweepCol, sizeof sweepCol, "%.2f", r.variantCellSteps[kSweepVariant] / 1e9);
        char frameCol[32] = "-", viewCol[32] = "-";
        if (r.frameMs > 0) {
            std::snprintf(frameCol, sizeof frameCol, "%.2f", r.frameMs);
            std::snprintf(viewCol, sizeof viewCol, "%.1f", r.viewerBytesPerCell);
        }
        std::printf("%5d^2 %9.2f %9.2f %9.2f %9s %9s %9.3f %9.1f %7.0f%% %7.1f %12s %9s %9s %9s %9s\n", r.size,
                    r.variantCellSteps[0] / 1e9, r.variantCellSteps[1] / 1e9, r.variantCellSteps[2] / 1e9, sweepCol, best.c_str(),
                    r.gpuMsPerStep, r.gpuGBs, 100.0 * r.fractionOfCopy, r.bytesPerCell, cpuCol, cpuMs, ratio, frameCol, viewCol);
    }
    std::printf("\n(ms/step: one substep of the whole grid; GB/s and of copy: the best kernel's bytes per cell-step\n"
                "times its rate; frame ms: median whole frame of builtin:default at %dx%d, %lld frames, simulation at\n"
                "real-time speed, as bench --frame; view B/c: the viewer's GPU memory per cell (simulation, renderer\n"
                "maps, interpolation snapshot, water history); stream tile rows chosen by grid size:",
                frameWidth, frameHeight, *frames);
    for (const SizeResult& r : results) std::printf(" %d^2 S=1 %d, S=2 %d;", r.size, r.variantRows[1], r.variantRows[2]);
    std::printf(")\n\n");
    if (!copySweep.empty()) {
        std::printf("Copy by size, GB/s read + written (compute, 4 vec4 per invocation): between two buffers of that\n"
                    "size as the solver allocates them; the first 256 MiB of those buffers only; between the halves of\n"
                    "one buffer of twice the size (0: not measured; a storage block binds at most what the driver allows)\n");
        std::printf("%9s %9s %9s %9s\n", "MiB", "buffers", "256 MiB", "one buf");
        for (const CopySweepRow& c : copySweep)
            std::printf("%9zu %9.1f %9.1f %9.1f\n", c.bytes >> 20, c.plain / 1e9, c.window / 1e9, c.oneBuffer / 1e9);
        std::printf("\n");
    }
    if (!strips.empty()) {
        std::printf("Two-pass step in skewed sweeps, G cell-steps/s (strip rows x substeps per sweep; 0: whole grid)\n%7s", "grid");
        for (const StripShape& strip : strips) std::printf(" %5dx%-3d", strip.rows, strip.substeps);
        std::printf("\n");
        for (const SizeResult& r : results) {
            std::printf("%5d^2", r.size);
            for (double v : r.stripSweep) std::printf(" %9.2f", v / 1e9);
            std::printf("\n");
        }
        std::printf("\n");
    }
    if (!shapes.empty()) {
        std::printf("Stream step by work-group shape, G cell-steps/s (S: substeps per dispatch; 0: the default)\n");
        std::printf("%7s %6s %5s", "grid", "width", "S");
        for (const StreamShape& shape : shapes)
            if (shape.width == shapes[0].width) std::printf(" rows %5d", shape.rows);
        std::printf("\n");
        const std::size_t perLine = [&] {
            std::size_t n = 0;
            for (const StreamShape& shape : shapes) n += shape.width == shapes[0].width;
            return n;
        }();
        for (const SizeResult& r : results)
            for (int v = 1; v <= kMaxStream; ++v)
                for (std::size_t k = 0; k < shapes.size(); k += perLine) {
                    std::printf("%5d^2 %6d %5d", r.size, shapes[k].width, v);
                    for (std::size_t i = k; i < k + perLine; ++i) std::printf(" %10.2f", r.sweep[v][i] / 1e9);
                    std::printf("\n");
                }
        std::printf("\n");
    }
    std::printf("Mostly dry world (bench-dry: one basin, the rest dry), G cell-steps/s per cell of the whole grid:\n"
                "the best kernel above computing every cell; two-pass and the fastest stream step skipping dry groups\n");
    std::printf("%7s %7s %11s %14s %9s %9s %16s %9s\n", "grid", "wet", "every cell", "two-pass skip", "speed-up",
                "computed", "stream skip", "computed");
    for (const SizeResult& r : results)
        std::printf("%5d^2 %6.1f%% %11.2f %14.2f %8.2fx %8.1f%% %10.2f (S=%d) %8.1f%%\n", r.size,
                    100.0 * r.dryWetFraction, r.dryCellStepsAll / 1e9, r.dryCellStepsSkip / 1e9,
                    r.dryCellStepsSkip / r.dryCellStepsAll, 100.0 * r.dryTilesComputed, r.dryCellStepsSkipStream / 1e9,
                    r.dryVariant, 100.0 * r.dryTilesComputedStream);
    return kExitOk;
}


}  // namespace sluice::app
