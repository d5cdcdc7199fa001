// The solver's fields as the renderer reads them, in the layout the solver picked for its grid
// (shaders/sim/field_layout.h: rows or tiles; RenderInputs::fieldTiles). Needs uGrid (cells) from the
// including shader.
#ifndef SLUICE_FIELD_WORDS_GLSL
#define SLUICE_FIELD_WORDS_GLSL
#include "../sim/field_layout.h"

uniform int uFieldTiles;  // 1: the fields lie in tiles, 0: in rows

// Word of cell or face (x, y) in each of the solver's field buffers.
int fieldWord(int x, int y) {
    return uFieldTiles != 0 ? fieldTilesIndex(x, y, fieldTilesStride(uGrid.x)) : y * fieldRowsStride(uGrid.x) + x;
}

#endif
