#pragma once
// One generator per world kind (sim/world_*.cpp), dispatched by sim/world_terrain.cpp. Each writes
// width*height finite heights >= 0 into `out` (already sized) and lists its marks.
#include <vector>

#include "sim/world_terrain.hpp"

namespace sluice::sim::worlds {

void alpineTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p);
std::vector<WorldMark> alpineMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p);

void reservoirTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p);
std::vector<WorldMark> reservoirMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p);

void coastTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p);
std::vector<WorldMark> coastMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p);

void terracesTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p);
std::vector<WorldMark> terracesMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p);

}  // namespace sluice::sim::worlds
