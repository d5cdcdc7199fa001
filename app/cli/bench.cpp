// `sluice bench`: in one process, the device copy bandwidth (the ceiling for a memory-bound kernel),
// the GPU step at each grid size on still and on moving water, a mostly dry world with and without
// skipping, and the single-threaded CPU reference on the same grids, with the ratios between them; the
// shallow-water model throughout, and the seeds' pipe model beside it on moving water.
// Figures are measured here and now; compare ratios, not absolute times.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/bench/copy_bandwidth.hpp"
#include "app/bench/frame_bench.hpp"
#include "app/bench/layout_probe.hpp"
#include "app/bench/step_bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/bench_dry.hpp"
#include "app/cli/bench_kernels.hpp"
#include "app/cli/headless_view.hpp"
#include "app/cli/rate_text.hpp"
#include "app/cli/verb_table.hpp"
#include "sim/row_pool.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {


// Everything measured at one grid size: one row of each table (G cell-steps/s unless said).
struct SizeResult {
    int size = 0;
    double still = 0, moving = 0, sweeps = 0;  // lake at rest, sloshing basin (whole grid, in sweeps; 0: n/a)
    // The sloshing basin under the seeds' pipe model (linear friction), whole grid, GPU and CPU: the
    // shallow-water model's cost is these rates over the SWE ones (issue 14: at most 1.3x on the GPU).
    double movingPipes = 0, cpuPipesCellSteps = 0;
    // The sloshing basin with erosion on (shallow water): erosion's cost is the SWE rate over this one
    // (issue 16: at most 1.5x on the GPU at 4096^2).
    double movingErosion = 0;
    double best = 0, msPerStep = 0, gbPerS = 0, fractionOfCopy = 0, bytesPerCell = 0;
    std::vector<double> stripSweep;            // --strips: moving water per strip shape
    double cpuCellSteps = 0, cpuMsPerStep = 0;  // on every core (sim::RowPool::defaultThreads())
    double cpuOneThreadCellSteps = 0;           // the same on one thread
    int gpuSubsteps = 0, cpuSubsteps = 0;
    // --frames: whole frames of the default scene at this grid size (bench --frame), median wall ms,
    // and the viewer's GPU memory per cell.
    double frameMs = 0, frameP95Ms = 0, frameSimMs = 0, viewerBytesPerCell = 0;
    // Mostly dry world (benchDryScene): every group computed, dry groups skipped.
    double dryWetFraction = 0, dryCellStepsAll = 0, dryCellStepsSkip = 0, dryTilesComputed = 0;
    double dryCellStepsVotes = 0;  // skipping with every group dispatched and voting (Tuning::groupLists off)
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

// "WxH,WxH,...", each of W and H in 1..8: the arithmetic ceiling's patch shapes; empty on a malformed list.
std::vector<std::pair<int, int>> parsePatches(const std::string& text) {
    std::vector<std::pair<int, int>> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        int w = 0, h = 0;
        char x = 0;
        std::stringstream one(item);
        if (!(one >> w >> x >> h) || x != 'x' || !one.eof() || w < 1 || w > 8 || h < 1 || h > 8) return {};
        out.emplace_back(w, h);
    }
    return out;
}

// "WxHrRsS,...": the temporally blocked kernel's tiles (W x H cells, R cell rows per invocation, S
// substeps per pass); empty on a malformed list (the kernel checks what the device holds).
std::vector<TileShape> parseTiles(const std::string& text) {
    std::vector<TileShape> out;
    if (!text.empty() && text.back() == ',') return out;  // getline would drop the empty last item
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        int w = 0, h = 0, r = 0, s = 0;
        char x = 0, rc = 0, sc = 0;
        std::stringstream one(item);
        if (!(one >> w >> x >> h >> rc >> r >> sc >> s) || x != 'x' || rc != 'r' || sc != 's' || !one.eof() || w < 4 ||
            w > 1024 || h < 4 || h > 1024 || (r != 1 && r != 2 && r != 4) || h % r != 0 || s < 1 || s > 16)
            return {};
        out.push_back(TileShape{w, h / r, r, s});
    }
    return out;
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

// "F,F,...", each a fraction in [0.01, 0.5]: false on a malformed list.
bool parseFractions(const std::string& text, std::vector<double>& out) {
    if (text.empty() || text.back() == ',') return false;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        char* end = nullptr;
        const double v = std::strtod(item.c_str(), &end);
        if (end == item.c_str() || *end != '\0' || !(v >= 0.01 && v <= 0.5)) return false;
        out.push_back(v);
    }
    return true;
}

// --layout-probe: per size and layout, ms per substep of the step's traffic alone over the whole
// grid and over bands of columns and of rows, and what a computed cell of each band costs against one
// of the whole grid (1.00: proportional).
int printLayoutProbe(const std::vector<int>& sizes, const std::vector<ProbeLayout>& layouts,
                     const std::vector<double>& bands, double minSeconds) {
    auto rows = measureLayoutProbe(sizes, layouts, bands, minSeconds);
    if (!rows) {
        std::cerr << "error: " << rows.error().message << "\n";
        return kExitNoGpu;
    }
    std::printf("layout probe: the two passes' memory traffic alone (52 B per cell-step, groups of %d x %d listed as dry\n"
                "skipping lists them), ms per substep; in brackets the share of groups computed and what a computed cell\n"
                "costs over one of the whole grid in the same layout\n",
                SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    for (const ProbeRow& r : *rows) {
        const std::string name =
            (r.layout.width == 0 ? std::string("row-major") : "tiles " + std::to_string(r.layout.width) + "x" + std::to_string(r.layout.height)) +
            (r.layout.columnOrder ? " c" : "");
        std::printf("  %5d  %-16s all %.3f ms", r.size, name.c_str(), r.allMsPerSubstep);
        for (const ProbeBand& b : r.bands)
            std::printf(" | %s %.0f%% %.3f (%.1f%%, %.2f)", b.columns ? "cols" : "rows", 100.0 * b.fraction, b.msPerSubstep,
                        100.0 * b.computed, b.msPerSubstep / (b.computed * r.allMsPerSubstep));
        std::printf("\n");
    }
    return kExitOk;
}

sim::GpuSolver::Tuning wholeGrid() {
    sim::GpuSolver::Tuning t;
    t.stripRows = -1;
    t.skipDryTiles = false;  // the dense tables measure the kernels alone; the dry table turns it on
    return t;
}

/// The scene under the seeds' model: virtual pipes with the linear friction law.
sim::Scene asPipes(sim::Scene s) {
    s.params.model = sim::WaterModel::Pipes;
    s.params.frictionLaw = sim::FrictionLaw::Linear;
    return s;
}

/// The scene with erosion on (a soft layer 2 m thick, the default parameters): every cell of the
/// sloshing basin carries, erodes and slumps.
sim::Scene withErosion(sim::Scene s) {
    s.params.erosion.enabled = true;
    s.erosionSetUp = true;
    return s;
}

double ratioOrZero(double a, double b) { return b > 0 ? a / b : 0.0; }

/// Cell-steps per second of `scene` under `tuning`, or an error on stderr (kExitNoGpu for the caller).
bool rate(const sim::Scene& scene, const sim::GpuSolver::Tuning& tuning, double minSeconds, double& out, GpuRun* run = nullptr) {
    auto measured = measureGpu(scene, tuning, minSeconds);
    if (!measured) {
        std::cerr << "error: " << measured.error().message << "\n";
        return false;
    }
    out = measured->substepsPerSecond * double(scene.width) * double(scene.height);
    if (run) *run = *measured;
    return true;
}

}  // namespace

int runBench(int argc, char** argv) {
    for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--frame") == 0) return runBenchFrame(argc, argv);
    for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--bodies") == 0) return runBenchBodies(argc, argv);
    const VerbSpec& spec = *findVerb("bench");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (auto ok = args.check({"--sizes", "--quick", "--json", "--min-seconds", "--cpu-max", "--wet", "--frames",
                              "--frame-size", "--frame-max", "--strips", "--copy-sizes", "--kernels", "--fused-rows", "--fused-threads",
                              "--arith-patches", "--tb-tiles", "--dry-shapes", "--dry-wets", "--layout-probe"});
        !ok || !args.positional.empty())
        return verbUsageError(spec, ok ? "unexpected argument " + args.positional[0] : ok.error().message + " (it needs --frame)");
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
    // Two-pass sweeps to measure (strip rows x substeps per sweep), and copy sizes in MiB.
    std::vector<StripShape> strips;
    const bool stripsOk = parseStrips(args.get("--strips").value_or(""), strips);
    const std::vector<int> copySizes = parseSizes(args.get("--copy-sizes").value_or(""), 1, 2048);
    if (!stripsOk || (args.has("--copy-sizes") && copySizes.empty())) {
        std::cerr << "sluice bench: --strips takes ROWSxK,... (rows 8..32768, K 1..64) and --copy-sizes "
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

    // --kernels' shapes, checked before the GPU is touched.
    const bool kernels = args.has("--kernels") || args.has("--fused-rows") || args.has("--fused-threads") ||
                         args.has("--arith-patches") || args.has("--tb-tiles");
    KernelTableOptions kernelOptions;
    if (kernels) {
        const std::vector<int> fusedRows = parseSizes(args.get("--fused-rows").value_or("2"), 1, 4);
        if (fusedRows.empty() || std::count(fusedRows.begin(), fusedRows.end(), 3) > 0) {
            std::cerr << "sluice bench: --fused-rows takes comma-separated cell rows per invocation (1, 2 or 4)\n";
            return kExitUsage;
        }
        const std::vector<int> fusedThreads = parseSizes(args.get("--fused-threads").value_or("4"), 2, 8);
        if (fusedThreads.empty() || std::any_of(fusedThreads.begin(), fusedThreads.end(), [](int t) { return t & (t - 1); })) {
            std::cerr << "sluice bench: --fused-threads takes comma-separated invocation rows per group (2, 4 or 8)\n";
            return kExitUsage;
        }
        const auto patches = parsePatches(args.get("--arith-patches").value_or("2x2,4x2"));
        if (patches.empty()) {
            std::cerr << "sluice bench: --arith-patches takes comma-separated patch shapes WxH (W and H 1 to 8)\n";
            return kExitUsage;
        }
        const auto tiles = parseTiles(args.get("--tb-tiles").value_or("64x32r2s1,64x32r2s2,64x32r2s3,64x24r2s1,64x24r2s2,32x32r4s1,32x32r4s2"));
        if (tiles.empty()) {
            std::cerr << "sluice bench: --tb-tiles takes comma-separated tiles WxHrRsS (W x H cells, R = 1, 2 or 4 cell rows per\n"
                         "invocation dividing H, S = 1 to 16 substeps per pass)\n";
            return kExitUsage;
        }
        kernelOptions = KernelTableOptions{fusedRows, fusedThreads, patches, tiles, 0.0, 0.0};
    }

    // --dry-shapes' worlds and wet fractions, checked before the GPU is touched.
    const bool dryShapes = args.has("--dry-shapes") || args.has("--dry-wets");
    std::vector<DryShape> shapes;
    std::vector<double> dryWets;
    if (dryShapes) {
        shapes = parseDryShapes(args.get("--dry-shapes").value_or("basin,square,rows,columns"));
        if (shapes.empty()) {
            std::cerr << "sluice bench: --dry-shapes takes comma-separated worlds: basin, square, rows, columns\n";
            return kExitUsage;
        }
        if (!parseFractions(args.get("--dry-wets").value_or(std::to_string(wet)), dryWets)) {
            std::cerr << "sluice bench: --dry-wets takes comma-separated wet fractions from 0.01 to 0.5\n";
            return kExitUsage;
        }
    }

    // --layout-probe's layouts (and band fractions, from --dry-wets), checked before the GPU is touched.
    std::vector<ProbeLayout> probeLayouts;
    std::vector<double> probeBands;
    if (args.has("--layout-probe")) {
        probeLayouts = parseProbeLayouts(args.get("--layout-probe").value_or(""));
        if (probeLayouts.empty()) {
            std::cerr << "sluice bench: --layout-probe takes comma-separated layouts: row, or tiles WxH (powers of two, W a\n"
                         "multiple of "
                      << SLUICE_PASS_GROUP_X << " and H of " << SLUICE_PASS_GROUP_Y << ", at most 4096)\n";
            return kExitUsage;
        }
        if (!parseFractions(args.get("--dry-wets").value_or("0.05,0.2"), probeBands)) {
            std::cerr << "sluice bench: --dry-wets takes comma-separated wet fractions from 0.01 to 0.5\n";
            return kExitUsage;
        }
    }

    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    const std::string device = (*ctx)->description();
    if (!probeLayouts.empty()) {
        std::printf("device: %s\n", device.c_str());
        return printLayoutProbe(sizes, probeLayouts, probeBands, minSeconds);
    }
    if (dryShapes) {
        if (!args.has("--json")) std::printf("device: %s\n", device.c_str());
        return printDryTable(sizes, shapes, dryWets, minSeconds, args.has("--json"));
    }
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
    if (kernels) {
        kernelOptions.minSeconds = minSeconds;
        kernelOptions.ceiling = ceiling;
        std::printf("device: %s\n", device.c_str());
        return printKernelTable(sizes, kernelOptions);
    }
    std::vector<SizeResult> results;
    for (int size : sizes) {
        SizeResult r;
        r.size = size;
        const double cells = double(size) * double(size);
        const sim::Scene still = sim::benchScene(size), moving = sim::benchSloshScene(size);
        GpuRun run;
        if (!rate(still, wholeGrid(), minSeconds, r.still) || !rate(moving, wholeGrid(), minSeconds, r.moving, &run) ||
            !rate(asPipes(moving), wholeGrid(), minSeconds, r.movingPipes) ||
            !rate(withErosion(moving), wholeGrid(), minSeconds, r.movingErosion))
            return kExitNoGpu;
        r.best = r.moving;
        r.gpuSubsteps = run.substepsTimed;
        r.bytesPerCell = run.bytesPerCell;
        if (sim::GpuSolver::autoStripRows(size) < size) {  // sweeps need more than one strip
            sim::GpuSolver::Tuning t = wholeGrid();
            t.stripRows = sim::GpuSolver::autoStripRows(size);
            t.sweepSubsteps = sim::GpuSolver::kAutoSweepSubsteps;
            if (!rate(moving, t, minSeconds, r.sweeps, &run)) return kExitNoGpu;
            if (r.sweeps > r.best) {
                r.best = r.sweeps;
                r.bytesPerCell = run.bytesPerCell;
            }
        }
        for (const StripShape& strip : strips) {
            sim::GpuSolver::Tuning t = wholeGrid();
            t.stripRows = strip.rows > 0 ? strip.rows : -1;
            t.sweepSubsteps = strip.substeps;
            double v = 0;
            if (!rate(moving, t, minSeconds, v)) return kExitNoGpu;
            r.stripSweep.push_back(v);
        }
        r.msPerStep = 1000.0 * cells / r.best;
        r.gbPerS = r.best * sim::GpuSolver::designBytesPerCellStep(sim::WaterModel::Swe, false) / 1e9;
        r.fractionOfCopy = r.gbPerS * 1e9 / ceiling;
        {
            const sim::Scene dry = sim::benchDryScene(size, float(wet));
            std::size_t wetCells = 0;
            for (float h : dry.depthM) wetCells += h > 0.0f ? 1 : 0;
            r.dryWetFraction = double(wetCells) / cells;
            sim::GpuSolver::Tuning t = wholeGrid();
            if (!rate(dry, t, minSeconds, r.dryCellStepsAll)) return kExitNoGpu;
            t.skipDryTiles = true;
            t.countTiles = true;
            if (!rate(dry, t, minSeconds, r.dryCellStepsSkip, &run)) return kExitNoGpu;
            r.dryTilesComputed = run.tilesComputed;
            t.groupLists = false;
            if (!rate(dry, t, minSeconds, r.dryCellStepsVotes)) return kExitNoGpu;
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
            const double cpuRate = measureCpu(moving, minSeconds, r.cpuSubsteps);
            r.cpuCellSteps = cpuRate * cells;
            r.cpuMsPerStep = 1000.0 / cpuRate;
            int pipeSubsteps = 0;
            r.cpuPipesCellSteps = measureCpu(asPipes(moving), minSeconds, pipeSubsteps) * cells;
            int oneSubsteps = 0;
            r.cpuOneThreadCellSteps = measureCpu(moving, minSeconds, oneSubsteps, 1) * cells;
        }
        results.push_back(r);
    }

    if (args.has("--json")) {
        nlohmann::json j = {{"device", device}, {"copy_bytes_per_s", ceiling},
                            {"copy_compute_1_bytes_per_s", copyAll->computeOne},
                            {"copy_compute_4_bytes_per_s", copyAll->computeFour},
                            {"copy_driver_bytes_per_s", copyAll->driver},
                            {"bytes_per_cell_step", sim::GpuSolver::designBytesPerCellStep(sim::WaterModel::Swe, false)},
                            {"wet_fraction_asked", wet}, {"frames", *frames},
                            {"frame_size", nlohmann::json::array({frameWidth, frameHeight})}};
        for (const StripShape& strip : strips)
            j["strips_swept"].push_back({{"rows", strip.rows}, {"substeps_per_sweep", strip.substeps}});
        for (const CopySweepRow& c : copySweep)
            j["copy_sweep"].push_back({{"bytes", c.bytes}, {"bytes_per_s", c.plain}, {"bytes_per_s_one_buffer", c.oneBuffer},
                                       {"bytes_per_s_window", c.window}, {"window_bytes", c.windowBytes}});
        for (const SizeResult& r : results)
            j["sizes"].push_back({{"size", r.size}, {"still_cell_steps_per_s", r.still},
                                  {"moving_cell_steps_per_s", r.moving}, {"moving_sweeps_cell_steps_per_s", r.sweeps},
                                  {"moving_pipes_cell_steps_per_s", r.movingPipes},
                                  {"swe_cost_over_pipes", ratioOrZero(r.movingPipes, r.moving)},
                                  {"moving_erosion_cell_steps_per_s", r.movingErosion},
                                  {"erosion_cost", ratioOrZero(r.moving, r.movingErosion)},
                                  {"cpu_pipes_cell_steps_per_s", r.cpuPipesCellSteps},
                                  {"cpu_one_thread_cell_steps_per_s", r.cpuOneThreadCellSteps},
                                  {"cpu_threads", sim::RowPool::defaultThreads()},
                                  {"cpu_swe_cost_over_pipes", ratioOrZero(r.cpuPipesCellSteps, r.cpuCellSteps)},
                                  {"gpu_cell_steps_per_s", r.best}, {"moving_cell_steps_per_s_by_strip", r.stripSweep},
                                  {"sweep_strip_rows", r.sweeps > 0 ? sim::GpuSolver::autoStripRows(r.size) : 0},
                                  {"sweep_substeps", sim::GpuSolver::kAutoSweepSubsteps},
                                  {"gpu_ms_per_step", r.msPerStep}, {"gpu_gb_per_s", r.gbPerS},
                                  {"fraction_of_copy", r.fractionOfCopy}, {"gpu_substeps_timed", r.gpuSubsteps},
                                  {"gpu_bytes_per_cell", r.bytesPerCell},
                                  {"dry_wet_fraction", r.dryWetFraction}, {"dry_cell_steps_per_s_no_skip", r.dryCellStepsAll},
                                  {"dry_cell_steps_per_s_skip", r.dryCellStepsSkip},
                                  {"dry_cell_steps_per_s_skip_by_votes", r.dryCellStepsVotes},
                                  {"dry_tiles_computed_fraction", r.dryTilesComputed},
                                  {"cpu_cell_steps_per_s", r.cpuCellSteps}, {"cpu_ms_per_step", r.cpuMsPerStep},
                                  {"frame_ms_median", r.frameMs}, {"frame_ms_p95", r.frameP95Ms},
                                  {"frame_sim_ms_mean", r.frameSimMs}, {"viewer_gpu_bytes_per_cell", r.viewerBytesPerCell},
                                  {"gpu_over_cpu", r.cpuCellSteps > 0 ? r.best / r.cpuCellSteps : 0.0}});
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("device: %s\n", device.c_str());
    std::printf("copy ceiling: %.1f GB/s (bytes read + written; best of compute 1 vec4/thread %.1f, "
                "4 vec4/thread %.1f, driver copy %.1f)\n",
                ceiling / 1e9, copyAll->computeOne / 1e9, copyAll->computeFour / 1e9, copyAll->driver / 1e9);
    std::printf("GPU step of the shallow-water model (two passes per substep, %.0f B per cell-step by design), M\n"
                "cell-steps/s: a lake at rest\n"
                "(bench), water sloshing everywhere (bench-slosh) over the whole grid and in skewed sweeps (%d substeps\n"
                "strip by strip, strips of at most %d MiB; grids of 2 strips and more)\n\n",
                sim::GpuSolver::designBytesPerCellStep(sim::WaterModel::Swe, false), sim::GpuSolver::kAutoSweepSubsteps,
                int(sim::GpuSolver::kSweepStripBytes / (1024 * 1024)));
    std::printf("%7s %10s %10s %10s %9s %9s %8s %7s %12s %9s %9s %9s %9s\n", "grid", "still", "moving", "sweeps", "ms/step",
                "GB/s", "of copy", "B/cell", "CPU Mcell/s", "CPU ms", "GPU/CPU", "frame ms", "view B/c");
    for (const SizeResult& r : results) {
        char cpuCol[64] = "-", cpuMs[32] = "-", ratio[32] = "-", sweepCol[32] = "-", frameCol[32] = "-", viewCol[32] = "-";
        if (r.cpuCellSteps > 0) {
            std::snprintf(cpuCol, sizeof cpuCol, "%s", rateText(r.cpuCellSteps).c_str());
            std::snprintf(cpuMs, sizeof cpuMs, "%.2f", r.cpuMsPerStep);
            std::snprintf(ratio, sizeof ratio, "%.3gx", r.best / r.cpuCellSteps);
        }
        if (r.sweeps > 0) std::snprintf(sweepCol, sizeof sweepCol, "%s", rateText(r.sweeps).c_str());
        if (r.frameMs > 0) {
            std::snprintf(frameCol, sizeof frameCol, "%.2f", r.frameMs);
            std::snprintf(viewCol, sizeof viewCol, "%.1f", r.viewerBytesPerCell);
        }
        // Three significant digits: a software renderer's figures are 1000x a GPU's smaller, and must
        // not print as 0.0.
        std::printf("%5d^2 %10s %10s %10s %9.3f %9.3g %7.2g%% %7.1f %12s %9s %9s %9s %9s\n", r.size, rateText(r.still).c_str(),
                    rateText(r.moving).c_str(), sweepCol, r.msPerStep, r.gbPerS, 100.0 * r.fractionOfCopy, r.bytesPerCell, cpuCol, cpuMs,
                    ratio, frameCol, viewCol);
    }
    std::printf("\n(ms/step: one substep of the whole grid, moving water, the faster of whole grid and sweeps; GB/s and\n"
                "of copy: its rate times the bytes per cell-step; CPU: the reference on moving water, every core;\n"
                "frame ms: median whole frame of builtin:default at %dx%d, %lld frames, simulation at real-time speed,\n"
                "as bench --frame; view B/c: the viewer's GPU memory per cell)\n\n",
                frameWidth, frameHeight, *frames);
    std::printf("Water models on moving water (bench-slosh, whole grid), M cell-steps/s: the shallow-water model\n"
                "(SWE, the default) and the seeds' virtual pipes; cost: pipes rate / SWE rate (time per cell-step);\n"
                "SWE + erosion: the same with erosion on everywhere, its cost SWE rate / SWE + erosion rate\n");
    std::printf("%7s %10s %10s %9s %12s %12s %9s %14s %9s\n", "grid", "GPU SWE", "GPU pipes", "cost", "CPU SWE", "CPU pipes", "cost",
                "SWE + erosion", "cost");
    for (const SizeResult& r : results) {
        char cpuSwe[32] = "-", cpuPipes[32] = "-", cpuCost[32] = "-";
        if (r.cpuCellSteps > 0) {
            std::snprintf(cpuSwe, sizeof cpuSwe, "%s", rateText(r.cpuCellSteps).c_str());
            std::snprintf(cpuPipes, sizeof cpuPipes, "%s", rateText(r.cpuPipesCellSteps).c_str());
            std::snprintf(cpuCost, sizeof cpuCost, "%.2fx", ratioOrZero(r.cpuPipesCellSteps, r.cpuCellSteps));
        }
        std::printf("%5d^2 %10s %10s %8.2fx %12s %12s %9s %14s %8.2fx\n", r.size, rateText(r.moving).c_str(),
                    rateText(r.movingPipes).c_str(), ratioOrZero(r.movingPipes, r.moving), cpuSwe, cpuPipes, cpuCost,
                    rateText(r.movingErosion).c_str(), ratioOrZero(r.moving, r.movingErosion));
    }
    std::printf("\nCPU reference, shallow water on moving water, M cell-steps/s: one thread and %d threads (the\n"
                "machine's cores, or SLUICE_CPU_THREADS)\n%7s %12s %12s %9s\n",
                sim::RowPool::defaultThreads(), "grid", "1 thread", "all", "speed-up");
    for (const SizeResult& r : results)
        if (r.cpuOneThreadCellSteps > 0)
            std::printf("%5d^2 %12s %12s %8.2fx\n", r.size, rateText(r.cpuOneThreadCellSteps).c_str(), rateText(r.cpuCellSteps).c_str(),
                        r.cpuCellSteps / r.cpuOneThreadCellSteps);
    std::printf("\n");
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
        std::printf("Moving water in skewed sweeps, M cell-steps/s (strip rows x substeps per sweep; 0: whole grid)\n%7s", "grid");
        for (const StripShape& strip : strips) std::printf(" %5dx%-3d", strip.rows, strip.substeps);
        std::printf("\n");
        for (const SizeResult& r : results) {
            std::printf("%5d^2", r.size);
            for (double v : r.stripSweep) std::printf(" %9s", rateText(v).c_str());
            std::printf("\n");
        }
        std::printf("\n");
    }
    std::printf("Mostly dry world (bench-dry: one basin, the rest dry), M cell-steps/s per cell of the whole grid: every\n"
                "cell computed; dry groups skipped (only the groups that run dispatched, the default); by votes (every\n"
                "group dispatched, the dry ones returning); speed-up of skipping, and the most it could be (1 / computed)\n");
    std::printf("%7s %7s %11s %11s %11s %9s %9s %9s\n", "grid", "wet", "every cell", "skip dry", "by votes", "speed-up", "at most",
                "computed");
    for (const SizeResult& r : results)
        std::printf("%5d^2 %6.1f%% %11s %11s %11s %8.2fx %8.2fx %8.1f%%\n", r.size, 100.0 * r.dryWetFraction,
                    rateText(r.dryCellStepsAll).c_str(), rateText(r.dryCellStepsSkip).c_str(), rateText(r.dryCellStepsVotes).c_str(),
                    r.dryCellStepsSkip / r.dryCellStepsAll, 1.0 / r.dryTilesComputed, 100.0 * r.dryTilesComputed);
    return kExitOk;
}

}  // namespace sluice::app
