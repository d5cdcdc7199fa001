#include "app/output/run_output.hpp"

#include <algorithm>
#include <cmath>

#include "app/cli/common.hpp"
#include "app/output/output_dir.hpp"
#include "sim/atomic_file.hpp"
#include "sim/bodies/body_load.hpp"
#include "sim/npy.hpp"
#include "sim/snapshot.hpp"

namespace sluice::app {

namespace {
bool allFinite(const std::vector<float>& v) {
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}
}  // namespace

nlohmann::json bodiesSummary(const sim::BodyWorld& world) {
    nlohmann::json list = nlohmann::json::array();
    for (const sim::Body& b : world.bodies()) {
        const glm::vec3 p = b.state.positionM, v = b.state.velocityMPerS;
        list.push_back({{"id", b.id},
                        {"shape", sim::bodyShapeName(b.spec.shape)},
                        {"position_m", {p.x, p.y, p.z}},
                        {"velocity_m_per_s", {v.x, v.y, v.z}},
                        {"speed_m_per_s", std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z)},
                        {"mass_kg", b.massKg},
                        {"submerged_fraction", b.submergedFraction},
                        {"resting", b.resting}});
    }
    return list;
}

void addBodiesSummary(nlohmann::json& summary, const sim::BodyWorld& world, const sim::Solver& solver) {
    summary["bodies"] = bodiesSummary(world);
    summary["bodies_displaced_m3"] = sim::displacedVolumeM3(solver.bodyLoad(), solver.cellSizeM());
}

bool fieldsFinite(const sim::FieldSnapshot& s) {
    return allFinite(s.depthM) && allFinite(s.flowXM3PerS) && allFinite(s.flowYM3PerS);
}

nlohmann::json runSummary(const std::string& sceneName, sim::Solver& solver, const sim::FieldSnapshot& snap,
                          float courant, const RunTiming& t) {
    const sim::Ledger ledger = solver.ledger();
    const sim::DepthStats stats = solver.depthStats();
    const sim::RunCounters& c = solver.counters();
    nlohmann::json summary = {
        {"scene", sceneName},
        {"backend", solver.backendName()},
        {"model", sim::toString(solver.params().model)},
        {"friction_law", sim::toString(solver.params().frictionLaw)},
        {"width", snap.width},
        {"height", snap.height},
        {"cell_size", snap.cellSizeM},
        {"steps", c.steps},
        {"time", c.timeSeconds},
        {"substeps", c.substeps},
        {"last_substeps", c.lastSubsteps},
        {"volume", ledger.volumeM3},
        {"initial_volume", ledger.initialVolumeM3},
        {"volume_added", ledger.addedM3},
        {"volume_removed", ledger.removedM3},
        {"residual", ledger.residual()},
        {"relative_residual", relativeResidual(ledger)},
        {"min_depth", stats.minDepthM},
        {"max_depth", stats.maxDepthM},
        {"max_speed", maxFlowSpeed(snap)},
        {"courant", courant},
        {"max_courant", c.maxCourant},
        // Steps whose max_substeps could not reach the Courant target covered less time than dt; the
        // run is shortfall_seconds behind the clock it was asked for (never a silent Courant > target).
        {"capped_steps", c.cappedSteps},
        {"shortfall_seconds", c.shortfallSeconds},
        {"wall_seconds", t.wallSeconds},
        {"step_seconds", t.stepSeconds},
        {"ms_per_step", t.stepsRun > 0 ? 1000.0 * t.stepSeconds / double(t.stepsRun) : 0.0},
    };
    if (solver.hasErosionState()) {
        // Erosion's ledger (m^3 of material): the residuals are exactly zero unless material appeared
        // or vanished unaccounted (docs/EROSION.md).
        const sim::SedimentLedger s = solver.sedimentLedger();
        summary["erosion_enabled"] = solver.params().erosion.enabled;
        summary["sediment_eroded"] = s.erodedM3;
        summary["sediment_deposited"] = s.depositedM3;
        summary["sediment_suspended"] = s.suspendedM3;
        summary["sediment_removed"] = s.removedM3;
        summary["sediment_residual"] = s.residual();
        summary["bed_change"] = s.bedChangeM3;
        summary["bed_residual"] = double(s.bedResidualUnits) * s.unitVolumeM3;
    }
    return summary;
}

Result<void> writeFieldsDir(const std::string& dir, const sim::FieldSnapshot& snap, const nlohmann::json& summary) {
    auto out = OutputDir::begin(dir);
    if (!out) return out.error();
    const int W = snap.width, H = snap.height;
    std::vector<Result<void>> writes = {
        sim::writeNpy(out->file("depth.npy"), snap.depthM.data(), H, W),
        sim::writeNpy(out->file("terrain.npy"), snap.terrainM.data(), H, W),
        sim::writeNpy(out->file("flow_x.npy"), snap.flowXM3PerS.data(), H, W + 1),
        sim::writeNpy(out->file("flow_y.npy"), snap.flowYM3PerS.data(), H + 1, W),
    };
    if (!snap.erosion.empty()) {  // suspended load and soft layer, metres of material per cell
        std::vector<float> sediment(snap.erosion.sedimentUnits.size()), soft(sediment.size());
        for (std::size_t i = 0; i < sediment.size(); ++i) {
            sediment[i] = sim::unitsToDepth(snap.erosion.sedimentUnits[i]);
            soft[i] = sim::unitsToDepth(snap.erosion.softUnits[i]);
        }
        writes.push_back(sim::writeNpy(out->file("sediment.npy"), sediment.data(), H, W));
        writes.push_back(sim::writeNpy(out->file("soft.npy"), soft.data(), H, W));
    }
    writes.push_back(sim::writeFileAtomic(out->file("summary.json"), summary.dump(2) + "\n"));
    return out->commitAfter(writes);
}

Result<void> writeRunOutputs(const std::string& outDir, const std::string& saveFile, const std::string& sceneName,
                             sim::Solver& solver, const sim::FieldSnapshot& snap, const nlohmann::json& summary,
                             const std::optional<sim::ViewPose>& camera,
                             const std::optional<sim::GeoReference>& georeference,
                             const std::vector<sim::PlacedBody>& bodies) {
    if (!saveFile.empty()) {
        if (auto w = sim::writeSnapshotFile(saveFile, sim::Snapshot{sceneName, solver.saveState(), camera, {}, georeference, bodies}); !w) return w;
    }
    if (!outDir.empty()) return writeFieldsDir(outDir, snap, summary);
    return {};
}

}  // namespace sluice::app
