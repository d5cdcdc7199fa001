#include "sim/world_terrain.hpp"

#include <array>
#include <cassert>

#include "sim/world_kinds.hpp"

namespace sluice::sim {

namespace {

struct KindFns {
    std::string_view name;
    void (*terrain)(std::vector<float>&, int, int, float, const ProceduralTerrain&);
    std::vector<WorldMark> (*marks)(int, int, float, const ProceduralTerrain&);
};

constexpr std::array<KindFns, 4> kWorldKinds = {{
    {"alpine", worlds::alpineTerrain, worlds::alpineMarks},
    {"reservoir", worlds::reservoirTerrain, worlds::reservoirMarks},
    {"coast", worlds::coastTerrain, worlds::coastMarks},
    {"terraces", worlds::terracesTerrain, worlds::terracesMarks},
}};

const KindFns* find(std::string_view kind) {
    for (const KindFns& k : kWorldKinds)
        if (k.name == kind) return &k;
    return nullptr;
}

}  // namespace

bool isWorldKind(std::string_view kind) { return find(kind) != nullptr; }

void generateWorldTerrain(std::vector<float>& out, int width, int height, float cellSizeM, const ProceduralTerrain& p) {
    const KindFns* k = find(p.kind);
    assert(k && out.size() == std::size_t(width) * std::size_t(height));
    if (k) k->terrain(out, width, height, cellSizeM, p);
}

std::vector<WorldMark> worldMarks(int width, int height, float cellSizeM, const ProceduralTerrain& p) {
    const KindFns* k = find(p.kind);
    return k ? k->marks(width, height, cellSizeM, p) : std::vector<WorldMark>{};
}

}  // namespace sluice::sim
