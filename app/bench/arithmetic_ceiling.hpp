#pragma once
// The arithmetic ceiling of a water model's step (`sluice bench --kernels`): shaders/sim/water_patch.comp
// advances periodic patches held in registers many substeps per dispatch, so it moves next to no
// memory and its rate is what the step's formulas alone allow on the device: with the shape that
// leaves the most warps resident, an upper bound for any kernel of them (two passes, fused,
// temporally blocked), as the copy ceiling bounds their traffic.
#include "gl/result.hpp"
#include "sim/water_patch.hpp"

namespace sluice::app {

/// Advances `p` by `substeps` substeps on the GPU with water_patch.comp compiled for p's model and
/// patch size; the same bits as sim::stepWaterPatches. Needs a current GL 4.5 context.
Result<void> stepWaterPatchesGpu(sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM, float gravity,
                                 int substeps);

/// Cell-steps per second of water_patch.comp on `scene`'s model, bed and water at substeps of dtSub,
/// with patches of patchW x patchH cells and substepsPerDispatch substeps per dispatch, repeated until
/// a run takes minSeconds.
Result<double> measureArithmeticCeiling(const sim::Scene& scene, float dtSub, int patchW, int patchH, int substepsPerDispatch,
                                        double minSeconds);

}  // namespace sluice::app
