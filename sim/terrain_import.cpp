#include "sim/terrain_import.hpp"

#include "sim/exchange/heightfield_import.hpp"

namespace sluice::sim {

Result<std::vector<float>> importTerrain(const std::filesystem::path& file, int width, int height, float minM,
                                         float maxM) {
    HeightfieldRequest request;
    request.minM = minM;
    request.maxM = maxM;
    request.width = width;
    request.height = height;
    auto imported = importHeightfield(file, request);
    if (!imported) return imported.error();
    return std::move(imported->heightsM);
}

}  // namespace sluice::sim
