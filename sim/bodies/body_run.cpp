#include "sim/bodies/body_run.hpp"

#include "sim/bodies/body_load.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

Result<std::unique_ptr<BodyWorld>> bodyWorldFor(const Scene& scene) {
    if (scene.bodies.empty()) return std::unique_ptr<BodyWorld>();
    HydroParams hydro;
    hydro.gravity = scene.params.gravity;
    auto world = BodyWorld::create(scene.width, scene.height, scene.cellSizeM, scene.terrainM, hydro);
    if (!world) return Error{scene.name + ": " + world.error().message};
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        if (auto added = (*world)->add(scene.bodies[i].spec, scene.bodies[i].state); !added)
            return Error{scene.name + ": bodies[" + std::to_string(i) + "]: " + added.error().message};
    return std::move(*world);
}

void loadWater(const BodyWorld& world, Solver& solver, float waterDensityKgPerM3) {
    const FieldSnapshot snap = solver.download();
    solver.setBodyLoad(bodyLoad(world, snap, WaterField::fromSnapshot(snap, solver.bodyLoad()), waterDensityKgPerM3));
}

void stepBodies(BodyWorld& world, Solver& solver, float dtSeconds, bool bedMoves, float waterDensityKgPerM3) {
    const FieldSnapshot snap = solver.download();
    if (bedMoves) world.setTerrain(snap.terrainM);
    // The bodies feel the level the water stands at around them, under the load it carried this step.
    const WaterField water = WaterField::fromSnapshot(snap, solver.bodyLoad());
    world.step(dtSeconds, water);
    solver.setBodyLoad(bodyLoad(world, snap, water, waterDensityKgPerM3));
}

void replaceBodies(BodyWorld& world, const std::vector<PlacedBody>& list) {
    std::vector<int> ids;
    for (const Body& b : world.bodies()) ids.push_back(b.id);
    for (int id : ids) world.remove(id);
    for (const PlacedBody& b : list) (void)world.add(b.spec, b.state);
}

std::vector<PlacedBody> placedBodies(const BodyWorld& world) {
    std::vector<PlacedBody> out;
    for (const Body& b : world.bodies()) out.push_back({b.spec, b.state});
    return out;
}

}  // namespace sluice::sim
