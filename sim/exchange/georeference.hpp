#pragma once
// Where a Sluice grid lies on a map. Sluice's own frame: x east, y north, metres, origin at the
// south-west corner of cell (0, 0) (the grid's outer edge, not a cell centre).
namespace sluice::sim {

/// Map position of the grid. Cells are square (the scene's cellSizeM) and axis-aligned with the map.
struct GeoReference {
    double originEastM = 0;   ///< map easting of the grid's south-west outer corner
    double originNorthM = 0;  ///< map northing of the same corner
    int epsg = 0;             ///< EPSG code of the projected CRS; 0: a local frame (no CRS)
};

}  // namespace sluice::sim
