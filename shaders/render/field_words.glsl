// The solver's fields as the renderer reads them, in the layout the solver picked for its grid
// (shaders/sim/field_layout.h: rows, tiles or strips; RenderInputs::fieldOrder). Needs uGrid (cells)
// from the including shader.
#ifndef SLUICE_FIELD_WORDS_GLSL
#define SLUICE_FIELD_WORDS_GLSL
#include "../sim/field_layout.h"

uniform int uFieldLayout;  // SLUICE_LAYOUT_ROWS, _TILES or _STRIPS

// Word of cell or face (x, y) in each of the solver's field buffers.
int fieldWord(int x, int y) {
    if (uFieldLayout == SLUICE_LAYOUT_TILES) return fieldTilesIndex(x, y, fieldTilesStride(uGrid.x));
    if (uFieldLayout == SLUICE_LAYOUT_STRIPS) return fieldStripsIndex(x, y, fieldStripsStride(uGrid.y));
    return y * fieldRowsStride(uGrid.x) + x;
}

#endif
