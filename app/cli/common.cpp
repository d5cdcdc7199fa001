#include "app/cli/common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "sim/builtin_scenes.hpp"
#include "sim/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/scene_loader.hpp"
#include "sim/snapshot.hpp"

namespace sluice::app {

Result<sim::Scene> loadSceneArgument(const std::string& arg) {
    if (arg.rfind("builtin:", 0) == 0) {
        std::string rest = arg.substr(8);
        int size = 256;
        const auto colon = rest.find(':');
        if (colon != std::string::npos) {
            const std::string sizeText = rest.substr(colon + 1);
            auto [p, ec] = std::from_chars(sizeText.data(), sizeText.data() + sizeText.size(), size);
            if (ec != std::errc() || p != sizeText.data() + sizeText.size() || size < 8 || size > 16384)
                return Error{arg + ": size must be an integer from 8 to 16384"};
            rest = rest.substr(0, colon);
        }
        return sim::builtinScene(rest, size);
    }
    if (sim::isSnapshotFile(arg)) {
        auto snap = sim::readSnapshotFile(arg);
        if (!snap) return snap.error();
        return sim::sceneFromSnapshot(std::move(*snap));
    }
    if (std::filesystem::path(arg).extension() == ".sluice") {  // named as a snapshot but not one
        std::error_code ec;
        const auto bytes = std::filesystem::file_size(arg, ec);
        if (!ec) return Error{arg + (bytes == 0 ? ": the file is empty (a .sluice snapshot cannot be)"
                                                : ": not a Sluice snapshot (it does not start with the snapshot header)")};
    }
    auto loaded = sim::loadSceneFile(arg);
    if (!loaded) return loaded.error();
    for (const std::string& w : loaded->warnings) std::cerr << "warning: " << w << "\n";
    return std::move(loaded->scene);
}

Result<std::string> backendOption(const CliArgs& args) {
    const std::string name = args.get("--backend").value_or("gpu");
    if (name != "gpu" && name != "cpu") return Error{"--backend: expected gpu or cpu, got '" + name + "'"};
    return name;
}

Result<Backend> makeBackend(const std::string& name, const sim::Scene& scene, const gl::EglContext* current) {
    Backend b;
    if (name == "cpu") {
        b.solver = sim::makeCpuSolver(scene);
        return b;
    }
    if (name != "gpu") return Error{"--backend: expected gpu or cpu, got '" + name + "'"};
    if (!current) {
        auto ctx = gl::EglContext::create();
        if (!ctx) return ctx.error();
        b.context = std::move(*ctx);
    }
    auto solver = sim::GpuSolver::create(scene);
    if (!solver) return Error{scene.name + ": " + solver.error().message};
    b.solver = std::move(*solver);
    return b;
}

double relativeResidual(const sim::Ledger& ledger) {
    return ledger.residual() / std::max(1e-30, std::max(ledger.volumeM3, ledger.initialVolumeM3 + ledger.addedM3));
}

float maxFlowSpeed(const sim::FieldSnapshot& s) {
    const int W = s.width, H = s.height;
    auto at = [&](const std::vector<float>& v, int x, int y) { return v[std::size_t(y) * std::size_t(W) + std::size_t(x)]; };
    auto faceDepth = [&](int ax, int ay, int bx, int by) {
        const float bl = at(s.terrainM, ax, ay), br = at(s.terrainM, bx, by);
        const float el = bl + at(s.depthM, ax, ay), er = br + at(s.depthM, bx, by);
        return std::max(0.0f, std::max(el, er) - std::max(bl, br));
    };
    float best = 0;
    auto consider = [&](float q, float depth) {
        if (depth > 5e-3f) best = std::max(best, std::abs(q) / (depth * s.cellSizeM));
    };
    for (int y = 0; y < H; ++y)
        for (int i = 0; i <= W; ++i) {
            const float q = s.flowXM3PerS[std::size_t(y) * std::size_t(W + 1) + std::size_t(i)];
            const float d = (i > 0 && i < W) ? faceDepth(i - 1, y, i, y) : at(s.depthM, i == 0 ? 0 : W - 1, y);
            consider(q, d);
        }
    for (int j = 0; j <= H; ++j)
        for (int x = 0; x < W; ++x) {
            const float q = s.flowYM3PerS[std::size_t(j) * std::size_t(W) + std::size_t(x)];
            const float d = (j > 0 && j < H) ? faceDepth(x, j - 1, x, j) : at(s.depthM, x, j == 0 ? 0 : H - 1);
            consider(q, d);
        }
    return best;
}

}  // namespace sluice::app
