// `sluice bench`: in one process, the device copy bandwidth (the ceiling for a memory-bound kernel),
// the GPU pipe step at each grid size, and the single-threaded CPU reference on the same grids, with
// the ratios between them. Figures are measured here and now; compare ratios, not absolute times.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli_args.hpp"
#include "app/verbs.hpp"
#include "render/gl/buffer.hpp"
#include "render/gl/egl_context.hpp"
#include "render/gl/program.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

const char* kUsage = "usage: sluice bench [--sizes 1024,2048,4096] [--quick] [--json] [--min-seconds S] [--cpu-max N]\n"
                     "       sluice bench --frame [--grid N] [--size WxH] [--frames K] [--json]\n";

struct SizeResult {
    int size = 0;
    double gpuCellSteps = 0, gpuMsPerStep = 0, gpuGBs = 0, fractionOfCopy = 0;
    double cpuCellSteps = 0, cpuMsPerStep = 0;
    int gpuSubsteps = 0, cpuSubsteps = 0;
    double bytesPerCell = 0;
};

// Repeats `run(n)` with doubling n until it takes minSeconds; returns runs per second.
template <class Run>
double timedRate(Run run, double minSeconds) {
    run(2);  // warm-up
    for (int n = 4;; n *= 2) {
        const auto t = Clock::now();
        run(n);
        const double s = since(t);
        if (s >= minSeconds || n > (1 << 20)) return n / s;
    }
}

struct CopyCeiling {
    double computeOne = 0, computeFour = 0, driver = 0;  // bytes read + written per second
    double best() const { return std::max(computeOne, std::max(computeFour, driver)); }
};

// Bytes read + written per second by plain copies of `bytes`: compute kernels with 1 and 4 vec4 per
// invocation, and the driver's own buffer copy. The best of them is the bandwidth ceiling.
Result<CopyCeiling> measureCopy(std::size_t bytes, double minSeconds) {
    auto prog = gl::Program::compute("sim/copy_bench.comp");
    if (!prog) return prog.error();
    gl::Buffer src(bytes), dst(bytes);
    src.fill32(0x3f800000u);
    src.bindStorage(SLUICE_BIND_COPY_SRC);
    dst.bindStorage(SLUICE_BIND_COPY_DST);
    prog->set("uCount", int(bytes / 16));
    prog->use();
    auto computeCopy = [&](int perThread) {
        prog->set("uPerThread", perThread);
        const std::size_t groups = (bytes / 16 + 256 * std::size_t(perThread) - 1) / (256 * std::size_t(perThread));
        const GLuint gx = GLuint(std::min<std::size_t>(groups, 32768));
        const GLuint gy = GLuint((groups + gx - 1) / gx);
        return [&, gx, gy](int n) {
            for (int i = 0; i < n; ++i) {
                glDispatchCompute(gx, gy, 1);
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            glFinish();
        };
    };
    CopyCeiling c;
    const double b = 2.0 * double(bytes);
    c.computeOne = b * timedRate(computeCopy(1), minSeconds);
    c.computeFour = b * timedRate(computeCopy(4), minSeconds);
    c.driver = b * timedRate(
                       [&](int n) {
                           for (int i = 0; i < n; ++i) glCopyNamedBufferSubData(src.id(), dst.id(), 0, 0, GLsizeiptr(bytes));
                           glFinish();
                       },
                       minSeconds);
    return c;
}

// GPU substeps per second on the bench scene of the given size (all cells wet, walls).
Result<double> measureGpu(const sim::Scene& scene, double minSeconds, int& substepsOut, double& bytesPerCell) {
    auto solver = sim::GpuSolver::create(scene);
    if (!solver) return solver.error();
    bytesPerCell = (*solver)->bytesPerCell();
    const float dt = 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f);
    (*solver)->stepFixed(dt, 4);
    glFinish();
    int n = 8;
    for (;;) {
        const auto t = Clock::now();
        (*solver)->stepFixed(dt, n);
        glFinish();
        const double s = since(t);
        if (s >= minSeconds || n > (1 << 20)) {
            substepsOut = n;
            return n / s;
        }
        n *= 2;
    }
}

double measureCpu(const sim::Scene& scene, double minSeconds, int& substepsOut) {
    sim::CpuSolver solver(scene);
    const float dt = 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f);
    int n = 1;
    for (;;) {
        const auto t = Clock::now();
        solver.stepFixed(dt, n);
        const double s = since(t);
        if (s >= minSeconds || n > (1 << 16)) {
            substepsOut = n;
            return n / s;
        }
        n *= 2;
    }
}

std::vector<int> parseSizes(const std::string& text) {
    std::vector<int> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (end == item.c_str() || *end != '\0' || v < 16 || v > 32768) return {};
        out.push_back(int(v));
    }
    return out;
}

}  // namespace

int runBench(int argc, char** argv) {
    for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--frame") == 0) return runBenchFrame(argc, argv);
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quick", "--json"});
    if (auto ok = args.check({"--sizes", "--quick", "--json", "--min-seconds", "--cpu-max"}); !ok || !args.positional.empty()) {
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
    const double minSeconds = std::strtod(args.get("--min-seconds").value_or(quick ? "0.05" : "0.5").c_str(), nullptr);
    auto cpuMax = args.integer("--cpu-max", quick ? 128 : 4096, 0, 32768);
    if (!cpuMax || !(minSeconds > 0)) {
        std::cerr << "sluice bench: " << (cpuMax ? std::string("--min-seconds must be positive") : cpuMax.error().message) << "\n";
        return kExitUsage;
    }

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
    std::vector<SizeResult> results;
    for (int size : sizes) {
        SizeResult r;
        r.size = size;
        const sim::Scene scene = sim::benchScene(size);
        const double cells = double(size) * double(size);
        auto rate = measureGpu(scene, minSeconds, r.gpuSubsteps, r.bytesPerCell);
        if (!rate) {
            std::cerr << "error: " << rate.error().message << "\n";
            return kExitNoGpu;
        }
        r.gpuCellSteps = *rate * cells;
        r.gpuMsPerStep = 1000.0 / *rate;
        r.gpuGBs = r.gpuCellSteps * sim::GpuSolver::bytesPerCellStep() / 1e9;
        r.fractionOfCopy = r.gpuGBs * 1e9 / ceiling;
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
                            {"bytes_per_cell_step", sim::GpuSolver::bytesPerCellStep()}};
        for (const SizeResult& r : results)
            j["sizes"].push_back({{"size", r.size}, {"gpu_cell_steps_per_s", r.gpuCellSteps},
                                  {"gpu_ms_per_step", r.gpuMsPerStep}, {"gpu_gb_per_s", r.gpuGBs},
                                  {"fraction_of_copy", r.fractionOfCopy}, {"gpu_substeps_timed", r.gpuSubsteps},
                                  {"gpu_bytes_per_cell", r.bytesPerCell}, {"cpu_cell_steps_per_s", r.cpuCellSteps},
                                  {"cpu_ms_per_step", r.cpuMsPerStep},
                                  {"gpu_over_cpu", r.cpuCellSteps > 0 ? r.gpuCellSteps / r.cpuCellSteps : 0.0}});
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("device: %s\n", device.c_str());
    std::printf("copy ceiling: %.1f GB/s (bytes read + written; best of compute 1 vec4/thread %.1f, "
                "4 vec4/thread %.1f, driver copy %.1f)\n",
                ceiling / 1e9, copyAll->computeOne / 1e9, copyAll->computeFour / 1e9, copyAll->driver / 1e9);
    std::printf("GPU step moves %.0f bytes per cell-step (model: each array once per pass)\n\n",
                sim::GpuSolver::bytesPerCellStep());
    std::printf("%7s %14s %10s %9s %8s %9s %14s %10s %9s\n", "grid", "GPU Gcell/s", "GPU ms", "GB/s", "of copy",
                "B/cell", "CPU Mcell/s", "CPU ms", "GPU/CPU");
    for (const SizeResult& r : results) {
        char cpuCol[64] = "-", cpuMs[32] = "-", ratio[32] = "-";
        if (r.cpuCellSteps > 0) {
            std::snprintf(cpuCol, sizeof cpuCol, "%.1f", r.cpuCellSteps / 1e6);
            std::snprintf(cpuMs, sizeof cpuMs, "%.2f", r.cpuMsPerStep);
            std::snprintf(ratio, sizeof ratio, "%.3gx", r.gpuCellSteps / r.cpuCellSteps);
        }
        std::printf("%5d^2 %14.2f %10.3f %9.1f %7.0f%% %9.1f %14s %10s %9s\n", r.size, r.gpuCellSteps / 1e9,
                    r.gpuMsPerStep, r.gpuGBs, 100.0 * r.fractionOfCopy, r.bytesPerCell, cpuCol, cpuMs, ratio);
    }
    return kExitOk;
}

int runInfo(int, char**) {
    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    GLint64 maxBlock = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    std::cout << (*ctx)->description() << "\nmax storage block: " << maxBlock / (1024 * 1024) << " MiB\n"
              << "EGL client extensions: " << gl::clientExtensions() << "\n";
    return kExitOk;
}

}  // namespace sluice::app
