#include "app/sweep/sweep_results.hpp"

#include <cstdio>

namespace sluice::app {

namespace {
std::string figure(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}
}  // namespace

std::string resultsCsvHeader(const std::vector<SweepAxis>& axes) {
    std::string s = "run";
    for (const SweepAxis& a : axes) s += "," + a.name;
    s += ",steps,simulated_s,residual_m3,residual_rel,volume_m3,wetted_area_m2,max_depth_m,max_speed_m_per_s,"
         "steady_time_s,ms_per_step,sediment_eroded_m3,sediment_deposited_m3,sediment_residual_m3,"
         "bodies_left,bodies_max_travel_m,bodies_displaced_m3,thumbnail\n";
    return s;
}

std::string resultsCsvRow(std::size_t run, const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& indices,
                          const RunFigures& f, const std::string& thumbnail) {
    std::string s = std::to_string(run);
    for (std::size_t k = 0; k < axes.size(); ++k) s += "," + formatValue(axes[k].values[indices[k]]);
    s += "," + std::to_string(f.steps) + "," + figure(f.simulatedSeconds) + "," + figure(f.residualM3) + "," +
         figure(f.relativeResidual) + "," + figure(f.volumeM3) + "," + figure(f.wettedAreaM2) + "," +
         figure(f.maxDepthM) + "," + figure(f.maxSpeedMPerS) + "," + (f.steadySeconds ? figure(*f.steadySeconds) : "") +
         "," + figure(f.msPerStep) + ",";
    // Empty without erosion state: a run that never had erosion has no sediment ledger.
    if (f.sediment)
        s += figure(f.sediment->erodedM3) + "," + figure(f.sediment->depositedM3) + "," + figure(f.sediment->residualM3);
    else s += ",,";
    // Empty without bodies in the scene.
    if (f.bodies) s += "," + std::to_string(f.bodies->left) + "," + figure(f.bodies->maxTravelM) + "," + figure(f.bodies->displacedM3);
    else s += ",,,";
    s += "," + thumbnail + "\n";
    return s;
}

}  // namespace sluice::app
