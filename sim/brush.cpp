#include "sim/brush.hpp"

#include <algorithm>
#include <cmath>

#include "sim/brush_math.hpp"

namespace sluice::sim {

// The GLSL side passes the kind as an int; both must number the kinds alike.
static_assert(int(BrushKind::Dig) == SLUICE_BRUSH_DIG && int(BrushKind::Raise) == SLUICE_BRUSH_RAISE &&
                  int(BrushKind::Smooth) == SLUICE_BRUSH_SMOOTH && int(BrushKind::Flatten) == SLUICE_BRUSH_FLATTEN &&
                  int(BrushKind::AddWater) == SLUICE_BRUSH_ADD_WATER &&
                  int(BrushKind::RemoveWater) == SLUICE_BRUSH_REMOVE_WATER &&
                  int(BrushKind::PaintSoft) == SLUICE_BRUSH_PAINT_SOFT &&
                  int(BrushKind::PaintHardness) == SLUICE_BRUSH_PAINT_HARDNESS,
              "BrushKind must match SLUICE_BRUSH_* in shaders/sim/brush_math.h");

float brushWeight(const BrushStroke& b, float rCells) {
    return brushmath::brushWeightAt(b.radiusCells, b.falloff, rCells);
}

}  // namespace sluice::sim
