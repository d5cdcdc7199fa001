// The pipe-model step streamed row by row: one dispatch advances every cell by S substeps
// (S = SLUICE_STREAM_SUBSTEPS, 1 or 2) reading each global array once and writing it once, so a
// cell-step moves (16 B read + 12 B written) / S instead of the two-pass step's 48 B.
//
// A work group is one row of R invocations (SLUICE_STREAM_COLUMNS, 128 by default), one per column
// of a region that is R cells wide, and walks down uRows rows of its tile (plus a few rows of halo
// above and below).
// Each invocation keeps the last rows of its column in registers and shares with its two neighbours
// only what the stencil needs across columns, through small row rings in shared memory: one barrier
// per row. Substep s + 1 runs as a second stage a few rows behind substep s (temporal blocking
// along y; the x halo is recomputed, 2 columns per substep on each side, so T = R - 4 S columns are
// kept).
//
// Why a halo of 2 per substep: the new depth of a cell needs the effective flows of its faces, which
// need the outflow limits of both neighbours, which need the raw flows of the neighbours' faces,
// which need depths one cell further out. Every group recomputes its halo with the same formulas
// (pipe_math.h, `precise`), so a face shared by two groups gets bit-identical flows in both, and the
// results equal the two-pass step bit for bit.
//
// Rows inside one stage, when it takes in row r (its "ingest"): the raw flows of row r's west and
// south faces, then the limit of row r - 1 (it needs row r's south faces, i.e. its north ones), then
// the new depth of row r - 2 (it needs the limits of rows r - 3 .. r - 1). The stage's output row
// r - 2 is the next stage's ingest, shared after this row's barrier, so it lags by one more row.
//
// State between dispatches (ping-pong, in -> out) as for the other kernels: depth per cell,
// effective flows per face, activity flags per 4 x 4 block. Dry groups are skipped (dry_skip.h).
#if SLUICE_SUBGROUPS
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
#include "sim_layout.h"
#include "pipe_math.h"

#ifndef SLUICE_STREAM_SUBSTEPS
#define SLUICE_STREAM_SUBSTEPS 1
#endif
#ifndef SLUICE_STREAM_COLUMNS
#define SLUICE_STREAM_COLUMNS SLUICE_STREAM_WIDTH  // columns of the region
#endif
const int S = SLUICE_STREAM_SUBSTEPS;
const int R = SLUICE_STREAM_COLUMNS;    // region columns = invocations per group
const int HALO = 2 * S;                 // columns recomputed on each side
const int T = R - 2 * HALO;             // columns a group keeps (a multiple of the flag block)
const int FB = SLUICE_FLAG_BLOCK;
const int TBX = T / FB;                 // flag-block columns of a tile (<= R)
layout(local_size_x = SLUICE_STREAM_COLUMNS) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthIn { float depthIn[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOut { float depthOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXIn { float flowXIn[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYIn { float flowYIn[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer FlowXOut { float flowXOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer FlowYOut { float flowYOut[]; };
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { double ledger[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };

uniform int uRows;  // rows of a tile: a multiple of SLUICE_FLAG_BLOCK, at most 32 flag blocks
#include "pipe_kernel_common.h"

// Row rings per stage, indexed [stage][row parity or row mod 3][region column].
shared float sB[S][2][R];   // bed of the last ingested rows, metres
shared float sH[S][2][R];   // depth of the last ingested rows (before this substep), metres
shared float sRx[S][3][R];  // raw new flow of each column's west face, last three rows, m^3/s
shared float sK[S][2][R];   // outflow limits, last two rows
shared uint sRun;
shared uint sWetCols[TBX];  // per flag-block column of the tile: bit j = block row j holds water or flow
#if SLUICE_SUBGROUPS
shared float sPart[3][R / 16];  // subgroups hold at least 16 invocations (GpuSolver checks)
#else
shared float sPart[3][R];
#endif

// One stage's registers: the last rows of this invocation's column (m2 = two rows back).
struct Stage {
    float bm2, bm1, b0;     // bed, metres
    float hm2, hm1, h0;     // depth before the substep, metres
    float qx, qy;           // effective old flows of the ingested row's west and south faces
    float rxm2, rxm1, rx0;  // raw new flows of the west face
    float rym2, rym1, ry0;  // raw new flows of the south face
    float km3, km2, km1;    // outflow limits
};

// One column of the region: where it is and what of it the tile keeps.
struct Col {
    int c;          // region column
    int gx;         // grid column
    int left;       // neighbours' region columns, clamped (the clamped edge values are never kept)
    int right;
    bool own;       // the tile keeps this column's cells (and their west and south faces)
    bool ownXFace;  // and this column's west faces: those of its cells, or the east edge next to one
};

int lid;            // this invocation = its region column
int y0;             // first row of the tile
bool interiorTile;  // every column and row the tile streams is interior: no domain edge to test for

Col colOf(int tileX, int c) {
    Col k;
    k.c = c;
    k.gx = tileX * T - HALO + c;
    k.left = max(c - 1, 0);
    k.right = min(c + 1, R - 1);
    k.own = c >= HALO && c < HALO + T && k.gx < uSize.x;
    // The east edge face belongs to the tile that keeps cell W - 1.
    k.ownXFace = k.own || (k.gx == uSize.x && c > HALO && c <= HALO + T);
    return k;
}

int ring3(int r) { return (r + 12) % 3; }  // r >= -12: rows start at most 2 S above the grid

bool cellInside(Col k, int y) { return interiorTile || (k.gx >= 0 && k.gx < uSize.x && y >= 0 && y < uSize.y); }
bool xFaceExists(Col k, int y) { return interiorTile || (k.gx >= 0 && k.gx <= uSize.x && y >= 0 && y < uSize.y); }
bool yFaceExists(Col k, int y) { return interiorTile || (k.gx >= 0 && k.gx < uSize.x && y >= 0 && y <= uSize.y); }
bool ownRow(int y) { return y >= y0 && y < y0 + uRows && y < uSize.y; }

Stage zeroStage() { return Stage(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0); }

// Takes row r into stage s and shares its bed and depth with the neighbouring columns.
void ingest(inout Stage st, Col k, int s, int r, float b, float h, float qx, float qy) {
    st.bm2 = st.bm1;
    st.bm1 = st.b0;
    st.b0 = b;
    st.hm2 = st.hm1;
    st.hm1 = st.h0;
    st.h0 = h;
    st.qx = qx;
    st.qy = qy;
    sB[s][r & 1][k.c] = b;
    sH[s][r & 1][k.c] = h;
}

// After the barrier that follows ingest(r): raw new flows of row r's west and south faces, then the
// limit of row r - 1. Returns the largest wave speed over those faces that the tile owns.
float faces(inout Stage st, Col k, int s, int r, ivec3 m3) {
    const int W = uSize.x, H = uSize.y;
    const int p = r & 1;
    float speed = 0.0;
    float rx = 0.0;
    if (xFaceExists(k, r)) {
        float faceDepth;
        if (interiorTile || (k.gx > 0 && k.gx < W)) {
            rx = pipeInteriorFlow(st.qx, sB[s][p][k.left], sH[s][p][k.left], st.b0, st.h0, uFrictionFactor,
                                  uGravityDt, uViscosityTerm, faceDepth);
        } else {
            rx = k.gx == 0 ? boundaryFlow(0, st.qx, st.h0, -1.0, faceDepth)
                           : boundaryFlow(1, st.qx, sH[s][p][k.left], 1.0, faceDepth);
        }
        if (k.ownXFace && ownRow(r)) speed = pipeFaceSpeed(rx, faceDepth, uCellSize, uGravity);
    }
    float ry = 0.0;
    if (yFaceExists(k, r)) {
        float faceDepth;
        if (interiorTile || (r > 0 && r < H)) {
            ry = pipeInteriorFlow(st.qy, st.bm1, st.hm1, st.b0, st.h0, uFrictionFactor, uGravityDt, uViscosityTerm,
                                  faceDepth);
        } else {
            ry = r == 0 ? boundaryFlow(2, st.qy, st.h0, -1.0, faceDepth) : boundaryFlow(3, st.qy, st.hm1, 1.0, faceDepth);
        }
        const bool own = k.own && (ownRow(r) || (r == H && ownRow(H - 1)));
        if (own) speed = max(speed, pipeFaceSpeed(ry, faceDepth, uCellSize, uGravity));
    }
    st.rxm2 = st.rxm1;
    st.rxm1 = st.rx0;
    st.rx0 = rx;
    st.rym2 = st.rym1;
    st.rym1 = st.ry0;
    st.ry0 = ry;
    sRx[s][m3.x][k.c] = rx;
    // Limit of row r - 1 (cells outside the grid never drain). Its east face is the right
    // neighbour's west face, shared at the previous row.
    float limit = 1.0;
    if (cellInside(k, r - 1))
        limit = pipeCellLimit(st.hm1, st.rxm1, sRx[s][m3.y][k.right], st.rym1, st.ry0, uDx2OverDt);
    st.km3 = st.km2;
    st.km2 = st.km1;
    st.km1 = limit;
    sK[s][(r - 1) & 1][k.c] = limit;
    return speed;
}

// Row r - 2 after the substep, in this column: its new depth h (sources, drains, rain and
// evaporation applied) and the effective flows of its west and south faces (eE / eN: east and north,
// kept where they are domain edges). Adds the exchanges of cells the tile keeps to added / removed.
void update(Stage st, Col k, int s, int r, ivec3 m3, out float h, out float eW, out float eS, out float eE, out float eN,
            inout float added, inout float removed) {
    const int y = r - 2;
    const float kW = sK[s][y & 1][k.left], kE = sK[s][y & 1][k.right];
    eW = xFaceExists(k, y) ? pipeEffectiveFlow(st.rxm2, kW, st.km2) : 0.0;
    eS = yFaceExists(k, y) ? pipeEffectiveFlow(st.rym2, st.km3, st.km2) : 0.0;
    eE = 0.0;
    eN = 0.0;
    h = 0.0;
    if (!cellInside(k, y)) return;
    eE = pipeEffectiveFlow(sRx[s][m3.z][k.right], st.km2, kE);
    eN = pipeEffectiveFlow(st.rym1, st.km2, st.km1);
    precise float hNew = pipeDepthUpdate(st.hm2, eW, eE, eS, eN, uDtOverDx2);
    if (uLedgerActive != 0) {
        float add = 0.0, rem = 0.0;
        hNew = cellExchanges(ivec2(k.gx, y), st.bm2, hNew, eW, eE, eS, eN, add, rem);
        if (k.own && ownRow(y)) {
            added += add;
            removed += rem;
        }
    }
    h = hNew;
}

// Writes a kept cell of the last stage and marks its flag block when it holds water or flow.
void writeCell(Col k, int y, float h, float eW, float eS, float eE, float eN, inout uint wetRows) {
    const int W = uSize.x, H = uSize.y, gx = k.gx;
    depthOut[y * W + gx] = h;
    flowXOut[y * (W + 1) + gx] = eW;
    flowYOut[y * W + gx] = eS;
    bool wet = h != 0.0 || eW != 0.0 || eS != 0.0;
    if (gx == W - 1) {
        flowXOut[y * (W + 1) + W] = eE;
        wet = wet || eE != 0.0;
    }
    if (y == H - 1) {
        flowYOut[H * W + gx] = eN;
        wet = wet || eN != 0.0;
    }
    if (wet) wetRows |= 1u << uint((y - y0) / FB);
}

// One row of the state in one column (zeros outside the grid).
struct Row {
    float b, h, qx, qy;
};

Row loadRow(Col k, int r) {
    const int W = uSize.x, gx = k.gx;
    const bool inside = cellInside(k, r);
    Row v;
    v.b = inside ? terrain[r * W + gx] : 0.0;
    v.h = inside ? depthIn[r * W + gx] : 0.0;
    v.qx = xFaceExists(k, r) ? flowXIn[r * (W + 1) + gx] : 0.0;
    v.qy = yFaceExists(k, r) ? flowYIn[r * W + gx] : 0.0;
    return v;
}

// Whether the group must run: water or flow within reach of the tile (HALO cells), a wet tile last
// dispatch (its output copy may hold old water), or a source / inflow / rain that can wet it.
bool mustRun(ivec2 tile, ivec2 blocks) {
    const ivec2 origin = ivec2(tile.x * T - HALO, y0 - HALO);
    const ivec2 end = ivec2(tile.x * T + T + HALO, y0 + uRows + HALO);
    if (lid == 0) sRun = (uSkipDry == 0 || uAllActive != 0 || wettedFromOutside(origin, end)) ? 1u : 0u;
    memoryBarrierShared();
    barrier();
    if (sRun != 0u) return true;
    const ivec2 b0 = max(origin, ivec2(0)) / FB;
    const ivec2 b1 = min(end - 1, uSize - 1) / FB;
    const ivec2 span = b1 - b0 + 1;
    bool any = false;
    for (int k = lid; k < span.x * span.y; k += R) {
        const ivec2 b = b0 + ivec2(k % span.x, k / span.x);
        any = any || (flagsIn[b.y * blocks.x + b.x] & SLUICE_TILE_WET) != 0u;
    }
    const int ownBlocks = TBX * (uRows / FB);
    for (int k = lid; k < ownBlocks; k += R) {
        const ivec2 b = ivec2(tile.x * TBX + k % TBX, y0 / FB + k / TBX);
        any = any || (all(lessThan(b, blocks)) && (flagsIn[b.y * blocks.x + b.x] & SLUICE_TILE_WAS_WET) != 0u);
    }
    if (any) atomicOr(sRun, 1u);
    memoryBarrierShared();
    barrier();
    return sRun != 0u;
}

// Flags of the tile's own blocks: WET from this dispatch, WAS_WET from the last one.
void writeFlags(ivec2 tile, ivec2 blocks, bool ran) {
    if (lid >= TBX) return;
    const int bx = tile.x * TBX + lid;
    if (bx >= blocks.x) return;
    const uint wet = ran ? sWetCols[lid] : 0u;
    for (int j = 0; j < uRows / FB; ++j) {
        const int by = y0 / FB + j;
        if (by >= blocks.y) break;
        const int k = by * blocks.x + bx;
        const uint wasWet = ran && (flagsIn[k] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u;
        flagsOut[k] = ((wet >> uint(j)) & 1u) != 0u ? (SLUICE_TILE_WET | wasWet) : wasWet;
    }
}

void main() {
    const ivec2 tile = ivec2(gl_WorkGroupID.xy);
    const ivec2 blocks = (uSize + FB - 1) / FB;
    lid = int(gl_LocalInvocationID.x);
    y0 = tile.y * uRows;
    if (lid < TBX) sWetCols[lid] = 0u;

    if (!mustRun(tile, blocks)) {  // uniform across the group
        // Stays dry: both copies of its cells and faces already hold zeros.
        writeFlags(tile, blocks, false);
        return;
    }

    float speed = 0.0, added = 0.0, removed = 0.0;
    uint wetRows = 0u;
    const Col col = colOf(tile.x, lid);
    Stage st0 = zeroStage();
#if SLUICE_STREAM_SUBSTEPS > 1
    Stage st1 = zeroStage();
#endif
    // The last stage keeps row y at r = y + 2 + 3 (S - 1); the first stage starts 2 S rows above the
    // tile so that every stage has warmed up (its first rows are junk, never kept) by row y0.
    const int rFirst = y0 - 2 * S;
    const int rLast = min(y0 + uRows, uSize.y) - 1 + 2 + 3 * (S - 1);
    const int x0 = tile.x * T - HALO;
    // Faces of rows and columns 1 .. W - 1 / H - 1 only: every load, limit and face is interior.
    interiorTile = x0 >= 1 && x0 + R <= uSize.x - 1 && rFirst - 3 * (S - 1) >= 1 && rLast <= uSize.y - 1;
    // Ring slots of rows r, r - 1, r - 2 (mod 3), advanced once per row rather than divided out;
    // stage 1's rows r - 3 .. r - 5 have the same slots.
    ivec3 m3 = ivec3(ring3(rFirst), ring3(rFirst - 1), ring3(rFirst - 2));
    Row next = loadRow(col, rFirst);  // loaded one row ahead so that its latency overlaps a row of work
    for (int r = rFirst; r <= rLast; ++r) {
        const Row v = next;
        if (r < rLast) next = loadRow(col, r + 1);
        ingest(st0, col, 0, r, v.b, v.h, v.qx, v.qy);
        barrier();  // orders the shared rings too (GLSL: writes before a barrier are visible after it)
        speed = max(speed, faces(st0, col, 0, r, m3));
        float h1, eW, eS, eE, eN;
        update(st0, col, 0, r, m3, h1, eW, eS, eE, eN, added, removed);
#if SLUICE_STREAM_SUBSTEPS == 1
        if (col.own && ownRow(r - 2)) writeCell(col, r - 2, h1, eW, eS, eE, eN, wetRows);
#else
        // Stage 1 works on the row stage 0 passed it at the last row (ingest r - 3).
        speed = max(speed, faces(st1, col, 1, r - 3, m3));
        float h2, fW, fS, fE, fN;
        update(st1, col, 1, r - 3, m3, h2, fW, fS, fE, fN, added, removed);
        if (col.own && ownRow(r - 5)) writeCell(col, r - 5, h2, fW, fS, fE, fN, wetRows);
        ingest(st1, col, 1, r - 2, st0.bm2, h1, eW, eS);
#endif
        m3 = m3.zxy;
    }

    if (col.own && wetRows != 0u) atomicOr(sWetCols[(col.c - HALO) / FB], wetRows);

    // Group totals: the largest face speed, water added and removed (metres of depth).
#if SLUICE_SUBGROUPS
    const float subSpeed = subgroupMax(speed), subAdded = subgroupAdd(added), subRemoved = subgroupAdd(removed);
    if (subgroupElect()) {
        sPart[0][gl_SubgroupID] = subSpeed;
        sPart[1][gl_SubgroupID] = subAdded;
        sPart[2][gl_SubgroupID] = subRemoved;
    }
    memoryBarrierShared();
    barrier();
    float groupSpeed = 0.0, groupAdded = 0.0, groupRemoved = 0.0;
    if (lid == 0)
        for (uint p = 0u; p < gl_NumSubgroups; ++p) {
            groupSpeed = max(groupSpeed, sPart[0][p]);
            groupAdded += sPart[1][p];
            groupRemoved += sPart[2][p];
        }
#else
    sPart[0][lid] = speed;
    sPart[1][lid] = added;
    sPart[2][lid] = removed;
    memoryBarrierShared();
    barrier();
    for (int stride = R / 2; stride > 0; stride >>= 1) {
        if (lid < stride) {
            sPart[0][lid] = max(sPart[0][lid], sPart[0][lid + stride]);
            sPart[1][lid] += sPart[1][lid + stride];
            sPart[2][lid] += sPart[2][lid + stride];
        }
        memoryBarrierShared();
        barrier();
    }
    const float groupSpeed = sPart[0][0], groupAdded = sPart[1][0], groupRemoved = sPart[2][0];
#endif
    writeFlags(tile, blocks, true);
    if (lid == 0) {
        // Non-negative floats order like their bit patterns, so an integer max is a float max.
        if (groupSpeed > 0.0) atomicMax(stats.maxSpeedBits, floatBitsToUint(groupSpeed));
        if (uCountTiles != 0) atomicAdd(stats.tilesRun, 1u);
        if (uLedgerActive != 0) {
            const int slot = tile.y * int(gl_NumWorkGroups.x) + tile.x;
            ledger[2 * slot] += double(groupAdded) * double(uCellArea);
            ledger[2 * slot + 1] += double(groupRemoved) * double(uCellArea);
        }
    }
}
