// Shared by C++ (sim/gpu_solver.cpp) and GLSL (shaders/sim/*.comp): binding points, work-group sizes
// and std430 structs. Only #define constants and scalar-only structs, valid in both languages.
#ifndef SLUICE_SIM_LAYOUT_H
#define SLUICE_SIM_LAYOUT_H

#ifndef __cplusplus
// Depth is stored in integer units and the ledger sums them in 64 bits (transfer_math.h).
#extension GL_ARB_gpu_shader_int64 : require
#endif

// Brushes run one invocation per cell over SLUICE_BRUSH_TILE^2 blocks.
#define SLUICE_BRUSH_TILE 32
// The two-pass substep (pipe_flux.comp or swe_flux.comp, then step_depth.comp) runs groups of X x Y invocations (both
// powers of two, Y >= 2: the dry-skip rule looks one group around, and a substep reaches 2 cells).
// Wide and flat is fastest on an H200: 128 x 2 61 G cell-steps/s at 4096^2, 16 x 16 57
// (docs/PERFORMANCE.md).
#ifndef SLUICE_PASS_GROUP_X
#define SLUICE_PASS_GROUP_X 128
#define SLUICE_PASS_GROUP_Y 2
#endif

// The fused kernel (step_fused.comp) runs groups of SLUICE_PASS_GROUP_X x SLUICE_FUSED_THREAD_ROWS
// invocations (Tuning::fusedThreadRows: 2, 4 or 8), each stepping Tuning::fusedCellRows cells one
// above the other.
#ifndef SLUICE_FUSED_THREAD_ROWS
#define SLUICE_FUSED_THREAD_ROWS 4
#endif

// Shader-storage binding points of the simulation buffers. Every field (of cells, x-faces or y-faces)
// is F = fieldWords(W, H) words laid out in tiles (field_layout.h); a buffer of two fields holds the
// second from word F on.
#define SLUICE_BIND_TERRAIN 0      // float b[F], metres (then the bodies' load, F more, once bodies load the water)
#define SLUICE_BIND_DEPTH_IN 1     // int h[F], depth units (transfer_math.h) (read this step)
#define SLUICE_BIND_DEPTH_OUT 2    // int h[F], depth units (written this step; ping-pong)
#define SLUICE_BIND_FLOW_X 3       // float Qx[F], the (W+1) x H x-faces, m^3/s, effective (outflow-limited) flows (read)
#define SLUICE_BIND_FLOW_Y 4       // float Qy[F], the W x (H+1) y-faces, m^3/s, same (read)
#define SLUICE_BIND_FLOW_X_OUT 5   // Qx written this dispatch (ping-pong, like depth)
#define SLUICE_BIND_EMITTERS 6     // GpuEmitter[]
#define SLUICE_BIND_LEDGER 7       // int64[2 * slots]: added / removed depth units per step group, then per brush tile
#define SLUICE_BIND_STATS 8        // GpuStats
#define SLUICE_BIND_REDUCE_OUT 9   // GpuReducePartial[]
#define SLUICE_BIND_COPY_SRC 10    // bandwidth benchmark
#define SLUICE_BIND_COPY_DST 11
#define SLUICE_BIND_FLOW_Y_OUT 12  // Qy written this dispatch
#define SLUICE_BIND_TILES_IN 13    // uint[flag blocks]: activity after the previous dispatch (SLUICE_TILE_*)
#define SLUICE_BIND_TILES_OUT 14   // uint[flag blocks]: written this dispatch
#define SLUICE_BIND_RAW_X 15       // int: raw transfers (units) pass 1 writes and pass 2 limits (a whole
#define SLUICE_BIND_RAW_Y 16       //   flow pair, or a scratch pair of the tile rows from uRawRow0's on)
#define SLUICE_BIND_AMOUNTS 17     // int[2 (W + H)] the code of every edge face (boundary_math.h), then
                                   // int[substeps * (2 + segments + emitters)]: what each substep moves (below)
#define SLUICE_BIND_DEPTH_OLD 18   // int h[F]: the depth before the last substep (transmissive edges)
#define SLUICE_BIND_FACE_VELOCITY 20  // float u[2F per half], m/s: each face's last transfer over the
                                      // depth it moved through (swe_math.h, sweStoredVelocity): x-faces,
                                      // then y-faces from F on (one block: a kernel may use 16
                                      // storage blocks on NVIDIA)
// Erosion (erosion_math.h): its per-cell state in one buffer (one storage block: pass 2 moves the
// sediment and erodes, and a kernel may use 16 blocks on NVIDIA), sections of F ints at
// SLUICE_EROSION_* x F: the ping-pong pairs as two halves each, picked by uniforms.
#define SLUICE_BIND_EROSION 21     // int erosion[7 F]
#define SLUICE_BIND_BED_BASE 22    // float base[F], m: the bed is base + dz
// The bodies' water gather (gather_patches.comp): rectangles to copy, and where they go.
#define SLUICE_BIND_GATHER_RECTS 23  // ivec4 pairs: (source, base word, tiles across, first word out), (x0, y0, w, h)
#define SLUICE_BIND_GATHER_OUT 24    // uint words[]: the rectangles one after another, row-major
// The water's forces on the bodies (body_forces.comp, sim/gpu_body_forces.hpp).
#define SLUICE_BIND_BODY_SAMPLES 25  // vec4 pairs per volume sample: (centre, volume), (half extents, 0)
#define SLUICE_BIND_BODY_TABLE 26    // ivec4 pairs per body: (first sample, samples, first cell, awake), window (x0, y0, w, h)
#define SLUICE_BIND_BODY_CELLS 27    // vec4 per cell of each body's window: (bed with the load, depth, vx, vy)
#define SLUICE_BIND_BODY_POSES 28    // vec4 x 4 per body: its axes in the world (xyz; the first's w: the clear
                                     // elevation), its centre of mass
#define SLUICE_BIND_BODY_SUMS 29     // vec4 x 4 per body: BodySums (body_water_math.h) written out
// Dry skipping by lists (dry_list.comp, pass_region.h): the groups of pass 1 / pass 2 that run, each
// list headed by its indirect dispatch arguments (groups, 1, 1), then one uint per group: y << 16 | x.
#define SLUICE_BIND_GROUP_LIST 30
#define SLUICE_BIND_GROUP_LIST_2 31  // pass 2's, while dry_list.comp writes both
#define SLUICE_GROUP_LIST_HEAD 3     // uints before the first group
#define SLUICE_EROSION_SEDIMENT 0  // two halves: suspended sediment, units
#define SLUICE_EROSION_SOFT 2      // two halves: soft-layer thickness, units
#define SLUICE_EROSION_BED_CHANGE 4  // two halves: the bed's change dz, units
#define SLUICE_EROSION_HARDNESS 6  // the bedrock's resistance 0..1, as float bits
#define SLUICE_EROSION_SECTIONS 7
// Erosion's ledger slots follow the water's in SLUICE_BIND_LEDGER: from uSedimentSlot0 on, per pass-2
// work group, eroded, deposited and removed units of material.
#define SLUICE_SEDIMENT_ERODED 0
#define SLUICE_SEDIMENT_DEPOSITED 1
#define SLUICE_SEDIMENT_REMOVED 2
#define SLUICE_SEDIMENT_SLOTS 3

// The table of what a run of substeps moves (sim::SubstepAmounts, from the host's carries): per
// substep 2 + segments + emitters ints: rain and evaporation per cell (units), then per boundary
// segment its value (inflow: units per edge face; level: the level in metres as float bits), then per
// emitter its units per cell (rate) or its cap per cell (level).
#define SLUICE_AMOUNT_RAIN 0
#define SLUICE_AMOUNT_EVAPORATION 1
#define SLUICE_AMOUNT_SEGMENTS 2

// Activity flags of a work group. WET: after the dispatch some cell of the group holds water or some
// face it owns (west and south faces, and the domain's east / north edge faces) carries flow.
// WAS_WET: the same for the dispatch before (so the ping-pong buffer a skipped tile would write is
// known to hold zeros already).
#define SLUICE_TILE_WET 1u
#define SLUICE_TILE_WAS_WET 2u

// Water models (match sim::WaterModel).
#define SLUICE_MODEL_PIPES 0
#define SLUICE_MODEL_SWE 1


#define SLUICE_EMITTER_RATE 0
#define SLUICE_EMITTER_LEVEL 1

#define SLUICE_REDUCE_GROUPS 512
#define SLUICE_REDUCE_THREADS 256

// One source (sign = +1) or drain (sign = -1); its units per substep are in the amounts table.
struct GpuEmitter {
    float x;          // disc centre, cells
    float y;
    float radius2;    // radius^2, cells^2
    float levelM;     // level mode target surface elevation
    int mode;         // SLUICE_EMITTER_RATE / SLUICE_EMITTER_LEVEL
    int sign;         // +1 source, -1 drain
    int singleCell;   // 1: the disc holds no cell centre and acts on the one box cell
    int pad;
    int x0;           // footprint box [x0,x1) x [y0,y1)
    int y0;
    int x1;
    int y1;
};

// Per-step statistics written by the kernels with atomics.
struct GpuStats {
    uint maxSpeedBits;    // floatBitsToUint of max(|u| + sqrt(g h)) the faces asked for; non-negative floats order as uints
    uint tilesRun;        // step work groups (tiles / depth-pass groups) that did not skip, when uCountTiles
    uint allowedSpeedBits;  // the same after the Courant guard (the Courant number reported)
    uint pad;
};

// One work group's partial reduction of the depth field and the ledger slots, in depth units.
struct GpuReducePartial {
    int64_t volumeUnits;
    int64_t addedUnits;
    int64_t removedUnits;
    int minDepth;
    int maxDepth;
};

#endif
