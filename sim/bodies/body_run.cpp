#include "sim/bodies/body_run.hpp"

#include <chrono>
#include <cstdint>

#include "sim/bodies/body_load.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

Result<std::unique_ptr<BodyWorld>> bodyWorldFor(const Scene& scene) {
    if (scene.bodies.empty()) return std::unique_ptr<BodyWorld>();
    HydroParams hydro;
    hydro.gravity = scene.params.gravity;
    auto world = BodyWorld::create(scene.width, scene.height, scene.cellSizeM, scene.terrainM, hydro);
    if (!world) return Error{scene.name + ": " + world.error().message};
    setBodyWalls(**world, scene.boundary);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        if (auto added = (*world)->add(scene.bodies[i].spec, scene.bodies[i].state); !added)
            return Error{scene.name + ": bodies[" + std::to_string(i) + "]: " + added.error().message};
    return std::move(*world);
}

Result<std::unique_ptr<BodyWorld>> bodyWorldOn(Solver& solver) {
    std::vector<float> bed(std::size_t(solver.width()) * std::size_t(solver.height()));
    solver.readRegion(Solver::Field::Terrain, CellBox{0, 0, solver.width(), solver.height()},
                      reinterpret_cast<std::uint32_t*>(bed.data()));
    HydroParams hydro;
    hydro.gravity = solver.params().gravity;
    auto world = BodyWorld::create(solver.width(), solver.height(), solver.cellSizeM(), bed, hydro);
    if (world) setBodyWalls(**world, solver.boundaries());
    return world;
}

void setBodyWalls(BodyWorld& world, const Boundaries& boundary) {
    world.setWalls({boundary.west.isWall(), boundary.east.isWall(), boundary.south.isWall(), boundary.north.isWall()});
}

void applyBodyCommand(BodyWorld& world, const Command& c) {
    if (const auto* e = std::get_if<EditBodies>(&c)) {
        // The list is rebuilt so each body keeps its place in it (selections, later commands' indices).
        std::vector<PlacedBody> list = placedBodies(world);
        for (std::size_t k = 0; k < e->indices.size() && k < e->specs.size(); ++k)
            if (const int i = e->indices[k]; i >= 0 && i < int(list.size()))
                list[std::size_t(i)] = PlacedBody{e->specs[k], initialState(e->specs[k])};
        replaceBodies(world, list);
    }
    if (const auto* p = std::get_if<PlaceBodies>(&c))
        for (const BodySpec& spec : p->bodies) (void)world.add(spec);  // specs are checked where they are made
    if (const auto* r = std::get_if<RemoveBodies>(&c)) {
        std::vector<int> ids;
        for (int i : r->indices)
            if (i >= 0 && i < int(world.bodies().size())) ids.push_back(world.bodies()[std::size_t(i)].id);
        for (int id : ids) world.remove(id);
    }
}

void loadWater(const BodyWorld& world, Solver& solver, float waterDensityKgPerM3) {
    const FieldSnapshot snap = solver.download();
    solver.setBodyLoad(bodyLoad(world, snap, WaterField::fromSnapshot(snap, solver.bodyLoad()), waterDensityKgPerM3));
}

void stepBodies(BodyWorld& world, Solver& solver, float dtSeconds, bool bedMoves, float waterDensityKgPerM3,
                BodyStepTimes* times) {
    using Clock = std::chrono::steady_clock;
    auto t = Clock::now();
    // Adds the time since the last lap to `part` (when timing).
    const auto lap = [&](double BodyStepTimes::*part) {
        if (!times) return;
        const auto now = Clock::now();
        times->*part += std::chrono::duration<double>(now - t).count();
        t = now;
    };
    // The walls follow the boundaries in force (a boundary command, an undo, a timeline event).
    setBodyWalls(world, solver.boundaries());
    const FieldSnapshot snap = solver.download();
    lap(&BodyStepTimes::readbackS);
    if (bedMoves) world.setTerrain(snap.terrainM);
    // The bodies feel the level the water stands at around them, under the load it carried this step.
    const WaterField water = WaterField::fromSnapshot(snap, solver.bodyLoad());
    lap(&BodyStepTimes::fieldS);
    world.step(dtSeconds, water);
    lap(&BodyStepTimes::dynamicsS);
    solver.setBodyLoad(bodyLoad(world, snap, water, waterDensityKgPerM3));
    lap(&BodyStepTimes::loadS);
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
