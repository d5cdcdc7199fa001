#pragma once
// A water model's substep arithmetic on periodic patches: the CPU side of the arithmetic ceiling
// (shaders/sim/water_patch.comp, measured by `sluice bench --kernels`). Each patch of patchW x patchH
// cells is a small periodic world of its own (beyond its east edge lies its west column, and so on),
// stepped with the step's own formulas (pipe_math.h or swe_math.h, transfer_math.h) and without edges,
// emitters, ledger or erosion: what every kernel of these formulas computes per cell-step at the
// least. The kernel computes these bits; tests/sim/test_water_patch.cpp checks it.
#include <cstdint>
#include <vector>

#include "sim/params.hpp"
#include "sim/scene.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

struct WaterPatches {
    WaterModel model = WaterModel::Pipes;
    int width = 0, height = 0;        ///< cells, multiples of the patch
    int patchW = 2, patchH = 2;       ///< cells per patch
    std::vector<float> bed;           ///< metres, width*height
    std::vector<std::int32_t> depth;  ///< depth units (transfer_math.h)
    std::vector<float> flowX, flowY;  ///< m^3/s through each cell's west / south face
    std::vector<float> velocityX, velocityY;  ///< m/s of the same faces (shallow-water model; else unused)
    std::vector<float> demand, allowed;       ///< per patch: the largest |u| + c asked for / allowed (m/s)
};

/// The scene's model, bed and depth (cropped to whole patches), water at rest.
WaterPatches waterPatchesFromScene(const Scene& scene, int patchW, int patchH);

/// The constants of a substep of dtSub seconds for the scene, as the solvers prepare them.
SubstepConstants waterPatchConstants(const Scene& scene, float dtSub);

/// Advances every patch `substeps` substeps in place.
void stepWaterPatches(WaterPatches& p, const SubstepConstants& c, float cellSizeM, float gravity, int substeps);

}  // namespace sluice::sim
