// `sluice bench --bodies N`: the cost of N bodies beside the water, stage by stage
// (app/bench/body_bench.hpp measures; this file parses the options and prints the figures).
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/bench/body_bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/builtin_scenes.hpp"

namespace sluice::app {

int runBenchBodies(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("bench");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (auto ok = args.check({"--bodies", "--grid", "--steps", "--backend", "--json"}); !ok || !args.positional.empty())
        return verbUsageError(spec, ok ? "unexpected argument " + args.positional[0] : ok.error().message + " (not with --bodies)");
    auto bodies = args.integer("--bodies", 1000, 1, 100000);
    auto grid = args.integer("--grid", 1024, sim::kMinBuiltinSize, 8192);
    auto steps = args.integer("--steps", 20, 1, 100000);
    auto backend = backendOption(args);
    if (!bodies || !grid || !steps || !backend)
        return verbUsageError(spec, !bodies ? bodies.error().message
                                    : !grid ? grid.error().message
                                    : !steps ? steps.error().message : backend.error().message);
    if (!sim::BodyWorld::available()) {
        std::cerr << "error: sluice bench --bodies: this build has no bodies (SLUICE_BODIES=OFF)\n";
        return kExitBadInput;
    }
    auto bench = measureBodies(*backend, int(*grid), int(*bodies), int(*steps));
    if (!bench) {
        std::cerr << "error: " << bench.error().message << "\n";
        return kExitNoGpu;
    }
    const BodyBench& b = *bench;
    // The viewer at real time: a step of 0.1 s every 6 frames of 60 fps; its cost spread over them.
    constexpr double kFramesPerStep = 6.0;
    const double perBodySubstepUs = 1000.0 * b.dynamicsMs / (double(b.bodies) * double(b.physicsSubsteps));
    if (args.has("--json")) {
        nlohmann::json j{{"grid", b.grid},           {"bodies", b.bodies},         {"bodies_left", b.bodiesLeft},
                         {"backend", b.backend},     {"forces_on", b.forcesOn},   {"steps", b.steps},           {"water_ms", b.waterMs},
                         {"water_with_bodies_ms", b.waterWithMs}, {"readback_ms", b.readbackMs}, {"field_ms", b.fieldMs},
                         {"dynamics_ms", b.dynamicsMs}, {"forces_ms", b.forcesMs}, {"load_ms", b.loadMs},
                         {"load_set_ms", b.loadSetMs},
                         {"bodies_ms", b.bodiesMs()},
                         {"bodies_ms_per_frame_at_60fps", b.bodiesMs() / kFramesPerStep},
                         {"dynamics_us_per_body_substep", perBodySubstepUs}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("bodies bench: %d logs (%d left) on a %d^2 lake flowing east, %s backend (the water's forces summed "
                "on the %s), %d steps of 0.1 s (%d physics substeps each)\n\n",
                b.bodies, b.bodiesLeft, b.grid, b.backend.c_str(), b.forcesOn == "gpu" ? "GPU" : "CPU's threads",
                b.steps, b.physicsSubsteps);
    std::printf("ms per step          | water alone | water with bodies | readback | water field | forces+Bullet "
                "(forces, Bullet) | load (set) | bodies\n");
    std::printf("                     | %11.2f | %17.2f | %8.2f | %11.2f | %13.2f (%6.2f, %6.2f) | %4.2f (%4.2f) | %6.2f\n",
                b.waterMs, b.waterWithMs, b.readbackMs, b.fieldMs, b.dynamicsMs, b.forcesMs,
                b.dynamicsMs - b.forcesMs, b.loadMs, b.loadSetMs, b.bodiesMs());
    std::printf("\nthe bodies per frame at real time (a 0.1 s step every %g frames of 60 fps): %.2f ms; "
                "forces+Bullet %.2f us per body and substep; bodies / water alone %.2fx\n",
                kFramesPerStep, b.bodiesMs() / kFramesPerStep, perBodySubstepUs, b.bodiesMs() / b.waterMs);
    return kExitOk;
}

}  // namespace sluice::app
