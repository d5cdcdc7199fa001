// How every per-cell and per-face field of a W x H grid lies in its GPU buffer, shared by C++
// (sim/field_layout.hpp: uploads, downloads, regions) and GLSL (the step, brushes, slumping, gathers,
// the renderer). A field of cells (x < W, y < H), of x-faces (x <= W, y < H) or of y-faces (x < W,
// y <= H) indexes the same way, fieldIndex(x, y, fieldStride(W, H)), so every field buffer holds
// fieldWords(W, H) words, room for W + 1 columns and H + 1 rows (the words outside a field are 0 and
// nothing reads them), and a cell, its west x-face and its south y-face share a word number.
//
// Three layouts, picked per grid by the GPU solver (GpuSolver::fieldOrderFor) and compiled into its
// kernels as SLUICE_FIELD_LAYOUT (the renderer takes any at run time, shaders/render/field_words.glsl):
// - 0, rows: row-major, rows of W + 1 words. Rounding the rows up to 32 words, so that each starts on
//   a 128-byte line, cost the dense shallow-water step 9 % at 4096^2 on an H100 (11.0 against 12.1 G
//   cell-steps/s, docs/perf/2026-12-06-h100-74), the pipes nothing. Not through the buffers lying
//   alike: starting each buffer's contents a different few kilobytes into its storage changed
//   nothing (docs/perf/2026-12-06-h100-75).
// - 1, tiles: tiles of SLUICE_TILE_W x SLUICE_TILE_H words, each tile's rows one after another, the
//   tiles in row-major order (W + 1 columns and H + 1 rows rounded up to whole tiles). A region of the
//   grid then lies in as many stretches of memory as it spans tiles, not rows, so a tall narrow wet
//   region (a river running north-south) cycles through its own memory only. In rows, a band of
//   columns of an 8192^2 grid touched every row of every field (1.9 GB) each substep, beyond the reach
//   of the GPU's address translation, and cost 5.6x per computed cell what the whole grid does; in
//   tiles 1.2x. But tiles cost the shallow-water step 10-13 % on a dense grid, all of it this index's
//   arithmetic (the rows' words through the tiles' column part cost the same, docs/perf/2026-12-06-h100-77;
//   their rows' 512-byte pitch changed nothing, -75), so tiles are for the grids whose fields outgrow
//   that reach: from 4096^2, where rows cost a band of 5 % of the columns 2.8x per computed cell and
//   tiles 1.0x, while at 3072^2 rows cost it 1.1x (docs/perf/2026-12-07-h100-84). The tile is as
//   wide as the step's work groups (SLUICE_PASS_GROUP_X), so a group's row of cells is one 512-byte
//   stretch.
// - 2, strips: strips of SLUICE_TILE_W columns, each strip's rows one after another, the strips west
//   to east: tiles as tall as the grid. A band of columns lies in its strips only, as in tiles, and a
//   stencil's rows are constant offsets from one word, as in rows; the whole-grid passes walk their
//   groups column by column (pass_region.h), so that the groups running at once share strips as in
//   rows they share rows. In the step on an H100 a band of 5 % of the columns cost 1.05x per computed
//   cell at 8192^2 (tiles 1.18x, rows 5.25x), but the dense shallow-water step 11 % more than rows,
//   as tiles do: the column parts' arithmetic is the tiles' (docs/perf/2026-12-06-h100-81). Opt-in.
// Strips with halo columns (copies of the two columns either side of each strip, so that no stencil
// word needs column arithmetic) were built and measured as a fourth layout and removed: the dense step
// 25 % below rows on an H100, more than strips' 11 %, and with halos of 32 columns (each strip's own
// columns on 128-byte lines) 27 % on an H200 (docs/PERFORMANCE.md, 2026-12-07).
//
// The index is a part that depends on the row only plus one that depends on the column only, so a
// kernel reading a stencil computes each row's and each column's part once and adds them per word
// (the compiler shares them): with the whole tile index per word the pipe step lost 10-14 % to tiles,
// with the parts 2-4 %.
#ifndef SLUICE_FIELD_LAYOUT_H
#define SLUICE_FIELD_LAYOUT_H

#ifdef __cplusplus
#define SLUICE_LAYOUT_FN inline
#else
#define SLUICE_LAYOUT_FN
#endif

#define SLUICE_TILE_W_LOG2 7
#define SLUICE_TILE_H_LOG2 4
#define SLUICE_TILE_W 128
#define SLUICE_TILE_H 16

// Rows: words a row of a grid W cells wide.
SLUICE_LAYOUT_FN int fieldRowsStride(int W) { return W + 1; }

// Tiles: tiles across a grid W cells wide (room for its W + 1 x-faces); words in one field of a W x H
// grid (below 2^31 for grids up to 32768^2); row y's part (its tile row's first word and its row
// within the tile) and column x's part (its tile's place in the tile row and its column within it).
SLUICE_LAYOUT_FN int fieldTilesStride(int W) { return (W + SLUICE_TILE_W) >> SLUICE_TILE_W_LOG2; }
SLUICE_LAYOUT_FN int fieldTilesWords(int W, int H) {
    return (fieldTilesStride(W) * ((H + SLUICE_TILE_H) >> SLUICE_TILE_H_LOG2)) << (SLUICE_TILE_W_LOG2 + SLUICE_TILE_H_LOG2);
}
SLUICE_LAYOUT_FN int fieldTilesRowPart(int y, int stride) {
    return (((y >> SLUICE_TILE_H_LOG2) * stride) << (SLUICE_TILE_W_LOG2 + SLUICE_TILE_H_LOG2)) |
           ((y & (SLUICE_TILE_H - 1)) << SLUICE_TILE_W_LOG2);
}
SLUICE_LAYOUT_FN int fieldTilesColumnPart(int x) {
    return ((x >> SLUICE_TILE_W_LOG2) << (SLUICE_TILE_W_LOG2 + SLUICE_TILE_H_LOG2)) | (x & (SLUICE_TILE_W - 1));
}
SLUICE_LAYOUT_FN int fieldTilesIndex(int x, int y, int stride) { return fieldTilesRowPart(y, stride) + fieldTilesColumnPart(x); }

// Strips: strips of SLUICE_TILE_W columns (room for W + 1 columns), each strip's H + 1 rows one after
// another, the strips west to east. Row y's part is linear in y (y * SLUICE_TILE_W); each of a
// stencil's columns needs a part of its own. `stride` is a strip's words.
SLUICE_LAYOUT_FN int fieldStripsStride(int H) { return (H + 1) << SLUICE_TILE_W_LOG2; }
SLUICE_LAYOUT_FN int fieldStripsWords(int W, int H) { return ((W + SLUICE_TILE_W) >> SLUICE_TILE_W_LOG2) * fieldStripsStride(H); }
SLUICE_LAYOUT_FN int fieldStripsIndex(int x, int y, int stride) {
    return (x >> SLUICE_TILE_W_LOG2) * stride + (x & (SLUICE_TILE_W - 1)) + y * SLUICE_TILE_W;
}

// The layouts' numbers, and the one a kernel was compiled for (SLUICE_FIELD_LAYOUT, rows when not
// defined; C++ picks at run time, sim::FieldLayout).
#define SLUICE_LAYOUT_ROWS 0
#define SLUICE_LAYOUT_TILES 1
#define SLUICE_LAYOUT_STRIPS 2
#ifndef __cplusplus
#if defined(SLUICE_FIELD_LAYOUT) && SLUICE_FIELD_LAYOUT == SLUICE_LAYOUT_TILES
SLUICE_LAYOUT_FN int fieldStride(int W, int H) { return fieldTilesStride(W); }
SLUICE_LAYOUT_FN int fieldWords(int W, int H) { return fieldTilesWords(W, H); }
SLUICE_LAYOUT_FN int fieldIndex(int x, int y, int stride) { return fieldTilesIndex(x, y, stride); }
#elif defined(SLUICE_FIELD_LAYOUT) && SLUICE_FIELD_LAYOUT == SLUICE_LAYOUT_STRIPS
SLUICE_LAYOUT_FN int fieldStride(int W, int H) { return fieldStripsStride(H); }
SLUICE_LAYOUT_FN int fieldWords(int W, int H) { return fieldStripsWords(W, H); }
SLUICE_LAYOUT_FN int fieldIndex(int x, int y, int stride) { return fieldStripsIndex(x, y, stride); }
#else
SLUICE_LAYOUT_FN int fieldStride(int W, int H) { return fieldRowsStride(W); }
SLUICE_LAYOUT_FN int fieldWords(int W, int H) { return fieldRowsStride(W) * (H + 1); }
SLUICE_LAYOUT_FN int fieldIndex(int x, int y, int stride) { return y * stride + x; }
#endif
#endif

#endif
