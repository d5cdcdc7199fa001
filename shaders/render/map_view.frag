// Top-down map of the grid, straight from the solver's buffers: hill-shaded terrain coloured by height
// and slope, water over it with depth-dependent absorption (Beer-Lambert) and a faint sun glint; or
// the A/B difference, or an erosion overlay (suspended sediment, soft layer, bed change) in the 3-D
// view's ramps, each cell its own colour so that it reads against the legend.
// Heights and depths are in metres; positions in cells (x east, y north); the viewport origin is at
// the bottom-left, so north is up on screen.

// The solver's fields, each in the solver's layout (field_words.glsl, cellIndex).
layout(std430, binding = 0) readonly buffer TerrainBuffer { float terrain[]; };  // bed elevation b
layout(std430, binding = 1) readonly buffer DepthBuffer { int depth[]; };        // water depth h >= 0, units
layout(std430, binding = 2) readonly buffer CompareBuffer { int compareDepth[]; };    // run B's depth, units
uniform float uDifference;    // > 0: show compareDepth - depth, full colour at this many metres
uniform float uDifferenceDeadBand;  // fraction of uDifference below which the map stays grey

uniform ivec2 uGrid;          // cells
#include "field_words.glsl"
uniform vec2 uCenter;         // grid point at the viewport centre (cells)
uniform vec2 uViewport;       // pixels
uniform float uCellsPerPixel;
uniform float uCellSize;      // metres per cell
uniform vec2 uHeightRange;    // lowest and highest terrain (metres), for the colour ramp
uniform float uRelief;        // slope exaggeration for shading only

uniform vec3 uBrush;          // brush ring: centre (cells) and radius (cells); radius <= 0 hides it
uniform int uMarkerCount;
uniform vec4 uMarkers[32];    // sources/drains: centre (cells), radius (cells), kind (+1 source, -1 drain, 2 selected)
uniform int uOverlay;         // SLUICE_OVERLAY_SEDIMENT, _SOFT or _BED_CHANGE; anything else: none
uniform float uOverlayRange;  // metres at the top of the ramp (at either end for bed change)

#include "erosion_fields.glsl"

out vec4 fragColor;

// Blends a ring of about 1.5 px at distance `radius` from `centre` (all in cells) into colour.
vec3 ring(vec3 colour, vec2 g, vec2 centre, float radius, vec3 ringColour) {
    float distPx = abs(length(g - centre) - radius) / uCellsPerPixel;
    return mix(colour, ringColour, 1.0 - smoothstep(0.75, 1.75, distPx));
}

// Water thinner than this is not drawn (metres): films the solver leaves on wetted slopes.
const float kDryDepth = 0.002;
const float kDepthUnit = 1.0 / 1048576.0;  // metres per stored depth unit (shaders/sim/transfer_math.h)
const vec3 kSun = normalize(vec3(-0.55, 0.65, 0.75));  // from the north-west, as on printed maps
const vec3 kBackground = vec3(0.075, 0.08, 0.09);

int cellIndex(int x, int y) {
    return fieldWord(clamp(x, 0, uGrid.x - 1), clamp(y, 0, uGrid.y - 1));
}

// Bilinear weights of the 2x2 inner cells of the 4x4 patch, in patch order (1,1) (2,1) (1,2) (2,2).
vec4 bilinear(vec2 f) {
    return vec4((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y);
}

const vec3 kSand = vec3(0.78, 0.71, 0.52), kRock = vec3(0.52, 0.48, 0.44);
const vec3 kMud = vec3(0.42, 0.34, 0.22);  // turbid water with suspended load (display)

vec3 groundColour(float b, float slope) {
    const vec3 sand = kSand;
    const vec3 grass = vec3(0.36, 0.52, 0.22);
    const vec3 forest = vec3(0.24, 0.38, 0.17);
    const vec3 rock = kRock;
    float t = clamp((b - uHeightRange.x) / (uHeightRange.y - uHeightRange.x), 0.0, 1.0);
    vec3 c = mix(sand, grass, smoothstep(0.06, 0.16, t));
    c = mix(c, forest, smoothstep(0.35, 0.6, t));
    c = mix(c, rock, smoothstep(0.72, 0.9, t));
    // Steep ground is bare whatever its height (slope = rise over run, unexaggerated).
    return mix(c, rock, smoothstep(0.35, 0.6, slope));
}

void main() {
    vec2 g = uCenter + (gl_FragCoord.xy - 0.5 * uViewport) * uCellsPerPixel;
    if (g.x < 0.0 || g.y < 0.0 || g.x > float(uGrid.x) || g.y > float(uGrid.y)) {
        fragColor = vec4(kBackground, 1.0);
        return;
    }

    // 4x4 patch of cells around g: the inner 2x2 interpolate values, the ring gives central differences.
    // The patch corners are never used, so they are not fetched (12 reads per buffer).
    vec2 p = g - 0.5;  // cell centres at integer + 0.5
    ivec2 base = ivec2(floor(p)) - 1;
    vec2 f = p - floor(p);
    float bed[16], eta[16], h[16];
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i) {
            int n = j * 4 + i;
            bool corner = (i == 0 || i == 3) && (j == 0 || j == 3);
            int k = cellIndex(base.x + i, base.y + j);
            bed[n] = corner ? 0.0 : terrain[k];
            h[n] = corner ? 0.0 : float(depth[k]) * kDepthUnit;
            eta[n] = bed[n] + h[n];
        }

    vec4 w = bilinear(f);
    const int inner[4] = int[4](5, 6, 9, 10);
    // Erosion's fields at g, bilinear like the bed: soft layer, bed change, suspended load (metres).
    float soft = 0.0, change = 0.0, load = 0.0;
    if (uErosion != 0)
        for (int n = 0; n < 4; ++n) {
            ivec2 c = base + ivec2(1 + n % 2, 1 + n / 2);
            soft += w[n] * softMetres(c);
            change += w[n] * bedChangeMetres(c);
            load += w[n] * sedimentMetres(c);
        }
    float b = 0.0, level = 0.0, nearWater = 0.0;
    vec2 gradB = vec2(0.0), gradEta = vec2(0.0);
    for (int n = 0; n < 4; ++n) {
        int c = inner[n];
        b += w[n] * bed[c];
        gradB += w[n] * vec2(bed[c + 1] - bed[c - 1], bed[c + 4] - bed[c - 4]);
        bool wet = h[c] > kDryDepth;
        bool wetE = h[c + 1] > kDryDepth, wetW = h[c - 1] > kDryDepth;
        bool wetN = h[c + 4] > kDryDepth, wetS = h[c - 4] > kDryDepth;
        // Water level to interpolate: a dry cell takes its wet neighbours' mean level, so the
        // interpolated surface meets the interpolated bed along a smooth sub-cell shoreline instead
        // of the cell staircase. A dry cell with no wet neighbour sits just under its bed.
        float wetCount = float(wetE) + float(wetW) + float(wetN) + float(wetS);
        float neighbourLevel = (float(wetE) * eta[c + 1] + float(wetW) * eta[c - 1] + float(wetN) * eta[c + 4] +
                                float(wetS) * eta[c - 4]) / max(wetCount, 1.0);
        level += w[n] * (wet ? eta[c] : (wetCount > 0.0 ? neighbourLevel : bed[c] - 0.05));
        nearWater += w[n] * (wet || wetCount > 0.0 ? 1.0 : 0.0);
        // Water surface slope from wet neighbours only: a dry bank would otherwise read as a steep
        // wall of water and glint along every shoreline.
        if (wet) {
            float e = eta[c];
            gradEta += w[n] * vec2((wetE ? eta[c + 1] : e) - (wetW ? eta[c - 1] : e),
                                   (wetN ? eta[c + 4] : e) - (wetS ? eta[c - 4] : e));
        }
    }
    gradB /= 2.0 * uCellSize;    // metres per metre
    gradEta /= 2.0 * uCellSize;
    float d = level - b;         // water depth as drawn, metres (negative on dry ground)
    // Depth change per pixel, for a shoreline about one pixel wide at any zoom. Taken here, in uniform
    // control flow, because derivatives inside the water branch below would be undefined.
    float depthPerPixel = max(fwidth(d), 1e-4);

    // Hill shading, normalised so that flat ground gets exactly the ambient + direct light of 1.
    vec3 nGround = normalize(vec3(-uRelief * gradB, 1.0));
    float direct = max(dot(nGround, kSun), 0.0) / kSun.z;
    float shade = 0.3 + 0.7 * direct;
    vec3 colour = groundColour(b, length(gradB));
    if (uErosion != 0) colour = erosionMaterial(colour, soft, change, kRock, kSand);  // as in the 3-D view
    // Banks next to water read as wet soil, darker and sandier; a river bed under water is not grass.
    colour = mix(colour, vec3(0.45, 0.40, 0.30), nearWater * (d > 0.0 ? 0.85 : 0.6)) * shade;

    if (d > 0.0) {
        // Beer-Lambert: light crossing the water column (down and up again) loses red first, so
        // shallow water shows the bed tinted turquoise and deep water turns to the scattered blue.
        // The extra 0.5 m of path stands for turbidity, so that even a thin sheet reads as water.
        const vec3 extinction = vec3(1.1, 0.36, 0.22);  // per metre of path
        vec3 transmit = exp(-extinction * (2.0 * d + 0.5));
        const vec3 shallowScatter = vec3(0.08, 0.40, 0.55);
        const vec3 deepScatter = vec3(0.03, 0.11, 0.27);
        vec3 scatter = mix(shallowScatter, deepScatter, 1.0 - exp(-d / 1.5));
        vec3 water = colour * transmit + scatter * (1.0 - transmit) * (0.6 + 0.4 * shade);
        // Suspended load: muddy water, by concentration (films count as 5 cm) over the view's path.
        if (load > 0.0) water = mix(water, kMud * (0.6 + 0.4 * shade), mudOpacity(load / max(d, 0.05), 2.0 * d + 0.5));
        // Sheen: sky reflection grows with surface tilt (Fresnel-like) plus a tight sun highlight,
        // both from the exaggerated surface normal so that waves and the river's slope catch light.
        vec3 nWater = normalize(vec3(-uRelief * gradEta, 1.0));
        vec3 halfway = normalize(kSun + vec3(0.0, 0.0, 1.0));
        float glint = pow(max(dot(nWater, halfway), 0.0), 120.0);
        float tilt = 1.0 - nWater.z;
        water = mix(water, vec3(0.75, 0.85, 0.95), clamp(0.04 + 2.0 * tilt, 0.0, 0.2)) + 0.3 * glint;
        colour = mix(colour, water, clamp(d / depthPerPixel, 0.0, 1.0));  // antialiased shoreline
    }

    if (uDifference > 0.0) {
        // A/B difference: ground in grey, red where run A is deeper, blue where run B is; the colour
        // saturates at uDifference metres. Nearest cell, so each cell's value reads exactly.
        int k = cellIndex(int(floor(g.x)), int(floor(g.y)));
        float diff = float(compareDepth[k] - depth[k]) * kDepthUnit;
        float grey = dot(colour, vec3(0.3, 0.5, 0.2));
        vec3 tint = diff > 0.0 ? vec3(0.15, 0.45, 1.0) : vec3(1.0, 0.25, 0.15);
        // Differences below the dead band stay grey (app/window/compare_view.hpp): millimetres of
        // run-to-run noise would otherwise speckle every wet cell.
        float a = abs(diff) >= max(1e-3, uDifferenceDeadBand * uDifference) ? 0.25 + 0.75 * clamp(abs(diff) / uDifference, 0.0, 1.0) : 0.0;
        colour = mix(vec3(grey), tint, a);
    }

    if (uOverlay == SLUICE_OVERLAY_SEDIMENT || uOverlay == SLUICE_OVERLAY_SOFT || uOverlay == SLUICE_OVERLAY_BED_CHANGE) {
        // The cell's own value in the ramp's exact colour (display values: the map is not tone-mapped).
        // Grey without erosion state, and on dry cells under suspended sediment (it is the water's).
        ivec2 cell = ivec2(floor(g));
        bool wet = float(depth[cellIndex(cell.x, cell.y)]) * kDepthUnit > kDryDepth;
        bool shown = uErosion != 0 && (uOverlay != SLUICE_OVERLAY_SEDIMENT || wet);
        colour = shown ? erosionOverlayDisplay(uOverlay, cell, uOverlayRange)
                       : vec3(dot(colour, vec3(0.2126, 0.7152, 0.0722)) * 0.6);
    }

    for (int m = 0; m < uMarkerCount; ++m) {
        vec4 mk = uMarkers[m];
        vec3 c = mk.w > 1.5 ? vec3(1.0, 0.95, 0.3) : (mk.w > 0.0 ? vec3(0.2, 0.9, 1.0) : vec3(1.0, 0.35, 0.25));
        colour = ring(colour, g, mk.xy, max(mk.z, 2.0 * uCellsPerPixel), c);
        colour = ring(colour, g, mk.xy, 1.5 * uCellsPerPixel, c);  // centre dot
    }
    if (uBrush.z > 0.0) colour = ring(colour, g, uBrush.xy, uBrush.z, vec3(1.0));

    // Thin frame around the grid, so its edge is clear when zoomed out.
    vec2 edge = min(g, vec2(uGrid) - g) / uCellsPerPixel;  // pixels to the nearest grid side
    colour = mix(vec3(0.0), colour, smoothstep(0.0, 1.5, min(edge.x, edge.y)));
    fragColor = vec4(colour, 1.0);
}
