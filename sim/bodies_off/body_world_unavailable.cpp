// The build without Bullet (SLUICE_BODIES=OFF: the portable headless build, which may link nothing
// beyond libc, libstdc++ and the driver's GL): bodies answer with an error naming the option.
#include "sim/bodies/body_world.hpp"

namespace sluice::sim {

bool BodyWorld::available() { return false; }

Result<std::unique_ptr<BodyWorld>> BodyWorld::create(int, int, float, const std::vector<float>&, const HydroParams&) {
    return Error{"bodies are not in this build (configured with SLUICE_BODIES=OFF, which the portable headless "
                 "build sets: it links no rigid-body library)"};
}

}  // namespace sluice::sim
