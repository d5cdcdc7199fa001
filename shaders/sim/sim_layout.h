// Shared by C++ (sim/gpu_solver.cpp) and GLSL (shaders/sim/*.comp): binding points, work-group sizes
// and std430 structs. Only #define constants and scalar-only structs, valid in both languages.
#ifndef SLUICE_SIM_LAYOUT_H
#define SLUICE_SIM_LAYOUT_H

// The streamed step (pipe_stream.comp) runs work groups of SLUICE_STREAM_WIDTH invocations, one per
// column of a region that wide; with S substeps per dispatch a group keeps the region's inner
// SLUICE_STREAM_WIDTH - 4 S columns. Dry-tile skipping keeps one flag word per SLUICE_FLAG_BLOCK^2
// cells (tile sides are multiples of it). Brushes run one invocation per cell over
// SLUICE_BRUSH_TILE^2 blocks.
#define SLUICE_STREAM_WIDTH 128
#define SLUICE_FLAG_BLOCK 4
#define SLUICE_BRUSH_TILE 32
// The two-pass substep (pipe_flux.comp, pipe_depth.comp) runs groups of X x Y invocations (both
// powers of two, Y >= 2: the dry-skip rule looks one group around, and a substep reaches 2 cells).
// Wide and flat is fastest on an H200: 128 x 2 61 G cell-steps/s at 4096^2, 16 x 16 57
// (docs/PERFORMANCE.md).
#ifndef SLUICE_PASS_GROUP_X
#define SLUICE_PASS_GROUP_X 128
#define SLUICE_PASS_GROUP_Y 2
#endif

// Shader-storage binding points of the simulation buffers.
#define SLUICE_BIND_TERRAIN 0      // float b[W*H], metres
#define SLUICE_BIND_DEPTH_IN 1     // float h[W*H], metres (read this step)
#define SLUICE_BIND_DEPTH_OUT 2    // float h[W*H], metres (written this step; ping-pong)
#define SLUICE_BIND_FLOW_X 3       // float Qx[(W+1)*H], m^3/s, effective (outflow-limited) flows (read)
#define SLUICE_BIND_FLOW_Y 4       // float Qy[W*(H+1)], m^3/s, same (read)
#define SLUICE_BIND_FLOW_X_OUT 5   // Qx written this dispatch (ping-pong, like depth)
#define SLUICE_BIND_EMITTERS 6     // GpuEmitter[]
#define SLUICE_BIND_LEDGER 7       // double[2 * slots]: added / removed volume per step tile, then per brush tile, m^3
#define SLUICE_BIND_STATS 8        // GpuStats
#define SLUICE_BIND_REDUCE_OUT 9   // GpuReducePartial[]
#define SLUICE_BIND_COPY_SRC 10    // bandwidth benchmark
#define SLUICE_BIND_COPY_DST 11
#define SLUICE_BIND_FLOW_Y_OUT 12  // Qy written this dispatch
#define SLUICE_BIND_TILES_IN 13    // uint[flag blocks]: activity after the previous dispatch (SLUICE_TILE_*)
#define SLUICE_BIND_TILES_OUT 14   // uint[flag blocks]: written this dispatch
#define SLUICE_BIND_RAW_X 15       // two-pass: raw flows pass 1 writes and pass 2 limits (a whole flow
#define SLUICE_BIND_RAW_Y 16       //   pair, or a scratch pair of strip rows from uRawRow0 on)

// Activity flags of a flag block. WET: after the dispatch some cell of the block holds water or some
// face it owns (west and south faces, and the domain's east / north edge faces) carries flow.
// WAS_WET: the same for the dispatch before (so the ping-pong buffer a skipped tile would write is
// known to hold zeros already).
#define SLUICE_TILE_WET 1u
#define SLUICE_TILE_WAS_WET 2u

// Boundary kinds (match sim::BoundaryKind).
#define SLUICE_BOUNDARY_WALL 0
#define SLUICE_BOUNDARY_OPEN 1
#define SLUICE_BOUNDARY_INFLOW 2

#define SLUICE_EMITTER_RATE 0
#define SLUICE_EMITTER_LEVEL 1

#define SLUICE_REDUCE_GROUPS 512
#define SLUICE_REDUCE_THREADS 256

// One source (sign = +1) or drain (sign = -1), prepared on the host for one substep length.
struct GpuEmitter {
    float x;          // disc centre, cells
    float y;
    float radius2;    // radius^2, cells^2
    float amountM;    // rate mode: depth moved per cell per substep; level mode: cap per cell per substep
    float levelM;     // level mode target surface elevation
    int mode;         // SLUICE_EMITTER_RATE / SLUICE_EMITTER_LEVEL
    int sign;         // +1 source, -1 drain
    int singleCell;   // 1: the disc holds no cell centre and acts on the one box cell
    int x0;           // footprint box [x0,x1) x [y0,y1)
    int y0;
    int x1;
    int y1;
};

// Per-step statistics written by the kernels with atomics.
struct GpuStats {
    uint maxSpeedBits;   // floatBitsToUint of max(|u| + sqrt(g h)) over faces; non-negative floats order as uints
    uint tilesRun;       // step work groups (tiles / depth-pass groups) that did not skip, when uCountTiles
    uint pad1;
    uint pad2;
};

// One work group's partial reduction of the depth field and the ledger slots.
struct GpuReducePartial {
    double volumeDepthSum;   // sum of h (metres); times dx^2 gives m^3
    double addedM3;
    double removedM3;
    float minDepth;
    float maxDepth;
};

#endif
