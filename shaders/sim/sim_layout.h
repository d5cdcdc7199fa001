// Shared by C++ (sim/gpu_solver.cpp) and GLSL (shaders/sim/*.comp): binding points, work-group sizes
// and std430 structs. Only #define constants and scalar-only structs, valid in both languages.
#ifndef SLUICE_SIM_LAYOUT_H
#define SLUICE_SIM_LAYOUT_H

#define SLUICE_GROUP_X 16
#define SLUICE_GROUP_Y 16

// Shader-storage binding points of the simulation buffers.
#define SLUICE_BIND_TERRAIN 0      // float b[W*H], metres
#define SLUICE_BIND_DEPTH_IN 1     // float h[W*H], metres (read this step)
#define SLUICE_BIND_DEPTH_OUT 2    // float h[W*H], metres (written this step; ping-pong)
#define SLUICE_BIND_FLOW_X 3       // float Qx[(W+1)*H], m^3/s, unscaled: effective = Qx * limit of its drainer
#define SLUICE_BIND_FLOW_Y 4       // float Qy[W*(H+1)], m^3/s, same convention
#define SLUICE_BIND_LIMIT 5        // float k[W*H] in [0,1]: outflow scale of each cell from the last step
#define SLUICE_BIND_EMITTERS 6     // GpuEmitter[]
#define SLUICE_BIND_LEDGER 7       // double[2 * groups]: per-work-group added / removed volume, m^3
#define SLUICE_BIND_STATS 8        // GpuStats
#define SLUICE_BIND_REDUCE_OUT 9   // GpuReducePartial[]
#define SLUICE_BIND_COPY_SRC 10    // bandwidth benchmark
#define SLUICE_BIND_COPY_DST 11

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
    uint pad0;
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
