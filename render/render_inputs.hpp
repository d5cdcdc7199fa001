#pragma once
// What the scene renderer draws (the simulation's buffers, read only) and how (view settings).
#include <glm/glm.hpp>

#include <limits>
#include <vector>

#include "gl/buffer.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/field_layout.hpp"

namespace sluice::render {

class WaterHistory;

/// Erosion's fields for drawing (sim::GpuSolver::erosionBuffers(), or a SolverMirror's copy): int32
/// units of SLUICE_DEPTH_UNIT metres of material per cell, W x H in the layout of RenderInputs::fieldOrder
/// (shaders/sim/field_layout.h), each field's current values from its element offset on (the buffers may be one and the same). Null buffers: the run has no erosion state, and the renderer draws
/// terrain and water exactly as it does for runs that never had erosion.
struct ErosionInputs {
    const gl::Buffer* sediment = nullptr;   ///< suspended load
    int sedimentOffset = 0;                 ///< elements
    const gl::Buffer* soft = nullptr;       ///< soft-layer thickness; 0 where the bedrock is exposed
    int softOffset = 0;
    const gl::Buffer* bedChange = nullptr;  ///< the bed's change since erosion was set up (signed)
    int bedChangeOffset = 0;
    bool valid() const { return sediment && soft && bedChange; }
};

/// The simulation state to draw. Buffers are the solver's SSBOs (sim/gpu_solver.hpp), each field in
/// the layout `fieldOrder` says (shaders/sim/field_layout.h): terrain (metres) and depth (units) of
/// the W x H cells, flowX of the (W+1) x H x-faces and flowY of the W x (H+1) y-faces, raw face
/// flows in m^3/s. The renderer only reads them.
struct RenderInputs {
    int width = 0, height = 0;       ///< cells
    float cellSizeM = 1.0f;          ///< dx, metres
    const gl::Buffer* terrain = nullptr;
    const gl::Buffer* depth = nullptr;
    const gl::Buffer* flowX = nullptr;
    const gl::Buffer* flowY = nullptr;
    sim::FieldOrder fieldOrder = sim::FieldOrder::Rows;  ///< the fields' layout (sim::FieldLayout)
    float timeSeconds = 0.0f;        ///< animation clock (detail normals, foam); any monotonic time
    /// Optional earlier depth field, same layout as depth (e.g. a DepthSnapshot taken before the last
    /// simulation step). When set, the water surface and everything derived from depth (shoreline,
    /// wet ground, absorption, foam, overlays) use mix(previousDepth, depth, blend); null draws depth.
    const gl::Buffer* previousDepth = nullptr;
    float blend = 1.0f;              ///< in [0, 1]: 0 draws previousDepth, 1 draws depth
    float dtSubSeconds = 0.0f;       ///< the solver's substep (RunCounters::lastDtSubSeconds), Courant overlay
    float gravity = 9.81f;           ///< m/s^2 (SimParams::gravity), Courant overlay
    /// Water history for the max-depth and first-wet overlays; null (or another grid's) draws those
    /// overlays as if no cell had been wet.
    const WaterHistory* history = nullptr;
    /// Erosion's state (render/solver_inputs.hpp fills it when the solver has one): materials on the
    /// terrain (exposed bedrock, fresh deposits, carved ground), suspended load tinting the water, and
    /// the sediment / soft-layer / bed-change overlays. Empty: none of these.
    ErosionInputs erosion;
    /// The sea's highest level (m) when the world has one (a "level" boundary: the highest value of its
    /// series), else NaN. The terrain look puts sand on beaches and dunes up to a few metres above it.
    float seaLevelM = std::numeric_limits<float>::quiet_NaN();
    /// Bodies to draw (docs/BODIES.md), in world metres; null or empty: none.
    const std::vector<sim::Body>* bodies = nullptr;
};

/// How to draw. Defaults give the full look.
struct ViewSettings {
    bool shadows = true;             ///< sun shadows by a heightfield ray march (per cell for terrain)
    bool normalMaps = true;          ///< flow-advected detail normals on the water
    bool foam = true;                ///< foam and white water where the flow makes it (render/water_foam.hpp)
    bool caustics = true;            ///< sunlight focused by the ripples onto shallow beds
    bool reflections = true;         ///< terrain reflected in the water (screen-space march); the sky always
    /// Beer-Lambert absorption of the water per metre of path, per RGB channel (red goes first, so
    /// deep water turns blue-green).
    glm::vec3 absorptionPerM{0.45f, 0.09f, 0.05f};
    /// Colour of light scattered back out of deep water (in-scatter), linear RGB.
    glm::vec3 scatterColor{0.02f, 0.09f, 0.11f};
    float sunAzimuthRad = 2.3f;      ///< compass direction the sun shines from, 0 = north, clockwise
    float sunElevationRad = 0.65f;   ///< above the horizon
    // The terrain's look (docs/VIEWER.md, "The terrain look").
    /// Heights drawn this many times as tall (view only: the simulation is untouched); in [0.1, 20].
    float verticalExaggeration = 1.0f;
    /// Ambient occlusion and cavity darkening from the heightfield (render/terrain_ao_map.hpp).
    bool ambientOcclusion = true;
    /// Ground that water has left darkens and dries back over this many simulated seconds
    /// (render/wetness_map.hpp); wetness falls linearly from 1 at the moment the water leaves.
    float wetDryingSeconds = 120.0f;
    /// The world's edge drawn as the walls of a diorama, from the ground (and the water at the edge)
    /// down to a base below the lowest bed.
    bool dioramaSides = true;
    /// Size of the offscreen passes relative to the output, in (0, 1]: below 1 the scene is shaded at
    /// fewer pixels and scaled up (bilinear) by the resolve pass (software renderers).
    float renderScale = 1.0f;
    /// False colour (render/overlay.hpp OverlayKind): 0 none, 1 depth, 2 speed, 3 Courant number,
    /// 4 max depth and 5 first-wet time (these two need RenderInputs::history), 6 suspended sediment,
    /// 7 soft layer and 8 bed change (these three need RenderInputs::erosion). Dry ground turns grey.
    int overlay = 0;
    float overlayDepthMaxM = 5.0f;     ///< depth at the top of the depth and max-depth ramps, metres
    float overlaySpeedMaxMPerS = 3.0f; ///< speed at the top of the speed ramp
    float overlaySedimentMaxM = 0.05f; ///< suspended load at the top of its ramp, metres of material
    float overlaySoftMaxM = 4.0f;      ///< soft-layer thickness at the top of its ramp, metres
    float overlayBedChangeMaxM = 0.5f; ///< bed change at either end of its diverging ramp, metres
    /// Brush ring under the cursor: world x, y and radius (metres); radius <= 0 draws none.
    glm::vec3 brushRing{0.0f};
    /// Source/drain markers: world x, y, radius (metres), kind (+1 source, -1 drain, 2 selected).
    /// At most 32 are drawn.
    std::vector<glm::vec4> markers;
};

}  // namespace sluice::render
