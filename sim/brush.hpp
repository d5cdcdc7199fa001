#pragma once
// Sculpting and water brushes: one application of a brush for a span of real time. Applied by the
// solvers between steps (Solver::applyBrush), on the GPU as a compute shader over the brush's box.
#include <cstdint>

namespace sluice::sim {

/// What a brush does.
enum class BrushKind : std::uint8_t {
    Dig,          ///< lowers the bed by strength * weight * dt metres
    Raise,        ///< raises the bed likewise
    Smooth,       ///< moves the bed toward its 3x3 neighbourhood mean at rate strength (1/s) * weight
    Flatten,      ///< moves the bed toward targetHeightM at rate strength (1/s) * weight
    AddWater,     ///< adds strength * weight * dt metres of water (booked in the ledger as added)
    RemoveWater,  ///< removes up to that much, never more than is there (booked as removed)
    /// Erosion's materials (docs/EROSION.md); on a run without erosion state they do nothing. Neither
    /// moves the bed surface nor touches a ledger.
    PaintSoft,      ///< adds strength * weight * dt metres of soft layer (negative strength removes), kept in [0, 1024 m]
    PaintHardness,  ///< moves the bedrock's hardness toward targetHeightM (0..1) at rate strength (1/s) * weight
};

/// Brushes that change the bed (and so need the erosion state rebased afterwards), the water, or
/// erosion's layers.
inline bool isWaterBrush(BrushKind k) { return k == BrushKind::AddWater || k == BrushKind::RemoveWater; }
inline bool isMaterialBrush(BrushKind k) { return k == BrushKind::PaintSoft || k == BrushKind::PaintHardness; }
inline bool isTerrainBrush(BrushKind k) { return !isWaterBrush(k) && !isMaterialBrush(k); }

/// One application of a brush. Position in continuous cell coordinates (cell (i, j) has its centre
/// at (i + 0.5, j + 0.5)). weight(r) = 1 inside (1 - falloff) * radius, then a cosine ramp to 0 at
/// the radius: falloff 0 is a hard disc, 1 a smooth bump. Scaling by dtSeconds makes a stroke do
/// the same at 30 and 144 frames per second.
struct BrushStroke {
    BrushKind kind = BrushKind::Raise;
    float x = 0, y = 0;
    float radiusCells = 8;
    float strength = 1;       ///< m/s for dig/raise/water/paint-soft, 1/s for smooth/flatten/paint-hardness
    float falloff = 0.5f;     ///< [0, 1]
    float targetHeightM = 0;  ///< flatten: bed height (m); paint-hardness: the hardness painted (0..1)
    float dtSeconds = 0;      ///< real time this application covers
};

/// Brush weight at distance r (cells) from the centre; shared formula of both backends.
float brushWeight(const BrushStroke& b, float rCells);

}  // namespace sluice::sim
