#include "app/cli/bench_dry.hpp"

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/bench/step_bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/rate_text.hpp"

namespace sluice::app {

const char* DryShape::name() const {
    if (basin) return "basin";
    return patch == sim::PatchShape::Square ? "square" : patch == sim::PatchShape::Rows ? "rows" : "columns";
}

std::vector<DryShape> parseDryShapes(const std::string& text) {
    std::vector<DryShape> out;
    if (text.empty() || text.back() == ',') return {};  // getline would drop an empty last item
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        DryShape s;
        if (item == "basin") s.basin = true;
        else if (item == "square") s.patch = sim::PatchShape::Square;
        else if (item == "rows") s.patch = sim::PatchShape::Rows;
        else if (item == "columns") s.patch = sim::PatchShape::Columns;
        else return {};
        out.push_back(s);
    }
    return out;
}

namespace {

// Substeps per second of `scene`, or an error on stderr.
bool timeScene(const sim::Scene& scene, bool skip, double minSeconds, GpuRun& out) {
    sim::GpuSolver::Tuning t;
    t.stripRows = -1;  // the whole grid each pass: what the step does below the sweeps' sizes
    t.skipDryTiles = skip;
    t.countTiles = skip;
    auto run = measureGpu(scene, t, minSeconds);
    if (!run) {
        std::cerr << "error: " << run.error().message << "\n";
        return false;
    }
    out = *run;
    return true;
}

double wetShare(const sim::Scene& s) {
    std::size_t wet = 0;
    for (float h : s.depthM) wet += h > 0.0f ? 1 : 0;
    return double(wet) / double(s.depthM.size());
}

}  // namespace

int printDryTable(const std::vector<int>& sizes, const std::vector<DryShape>& shapes, const std::vector<double>& wets,
                  double minSeconds, bool json) {
    nlohmann::json j;
    if (!json) {
        std::printf("Mostly dry worlds, shallow-water model, dry groups skipped by lists (the step's default), against\n"
                    "the whole grid of bench-slosh (every cell wet and moving). M cell-steps/s; 'cost' is what a wet /\n"
                    "computed cell costs over one of the all-wet grid (1.00: proportional to the wet area)\n\n");
        std::printf("%7s %8s %6s %9s %9s %9s %9s %9s %9s %9s\n", "grid", "shape", "wet", "computed", "ms/sub", "per grid",
                    "per comp", "per wet", "cost wet", "cost comp");
    }
    for (int size : sizes) {
        const double cells = double(size) * double(size);
        const sim::Scene slosh = sim::benchSloshScene(size);
        GpuRun all;
        if (!timeScene(slosh, false, minSeconds, all)) return kExitNoGpu;
        const double allRate = all.substepsPerSecond * cells;
        if (!json)
            std::printf("%5d^2 %8s %5.1f%% %8.1f%% %9.3f %9s %9s %9s %9s %9s\n", size, "all-wet", 100.0, 100.0,
                        1000.0 / all.substepsPerSecond, rateText(allRate).c_str(), rateText(allRate).c_str(),
                        rateText(allRate).c_str(), "1.00", "1.00");
        nlohmann::json rows = nlohmann::json::array();
        for (const DryShape& shape : shapes)
            for (double wet : wets) {
                const sim::Scene scene = shape.basin ? sim::benchDryScene(size, float(wet))
                                                     : sim::benchPatchScene(slosh, float(wet), shape.patch);
                GpuRun run;
                if (!timeScene(scene, true, minSeconds, run)) return kExitNoGpu;
                const double share = wetShare(scene), computed = run.tilesComputed;
                const double grid = run.substepsPerSecond * cells;
                const double perComputed = grid * computed, perWet = grid * share;
                if (json) {
                    rows.push_back({{"shape", shape.name()}, {"wet_fraction", share}, {"computed_fraction", computed},
                                    {"ms_per_substep", 1000.0 / run.substepsPerSecond}, {"cell_steps_per_s", grid},
                                    {"per_computed_cell", perComputed}, {"per_wet_cell", perWet},
                                    {"wet_cell_cost", allRate / perWet}, {"computed_cell_cost", allRate / perComputed}});
                } else {
                    std::printf("%5d^2 %8s %5.1f%% %8.1f%% %9.3f %9s %9s %9s %9.2f %9.2f\n", size, shape.name(),
                                100.0 * share, 100.0 * computed, 1000.0 / run.substepsPerSecond, rateText(grid).c_str(),
                                rateText(perComputed).c_str(), rateText(perWet).c_str(), allRate / perWet, allRate / perComputed);
                    std::fflush(stdout);
                }
            }
        if (json)
            j["sizes"].push_back({{"size", size}, {"all_wet_cell_steps_per_s", allRate},
                                  {"all_wet_ms_per_substep", 1000.0 / all.substepsPerSecond}, {"worlds", rows}});
    }
    if (json) std::cout << j.dump(2) << "\n";
    return kExitOk;
}

}  // namespace sluice::app
