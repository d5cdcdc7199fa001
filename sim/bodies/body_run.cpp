#include "sim/bodies/body_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

#include <glm/geometric.hpp>

#include "sim/bodies/body_load.hpp"
#include "sim/bodies/body_placing.hpp"
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

Result<std::unique_ptr<BodyWorld>> startBodies(const Scene& scene, Solver& solver) {
    auto world = bodyWorldFor(scene);
    if (world && *world) loadWater(**world, solver);
    return world;
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

namespace {

// The cells whose water a body may read over a step of dtSeconds: its bounds now, grown by twice
// how far it moves at its present speed in that time, and by two cells (a bilinear look-up's
// neighbours and the load's margin), clamped to the grid (a body past the edge reads its edge cells).
CellBox waterBoxOf(const Body& body, float dtSeconds, int W, int H, float dx) {
    const BodyBounds box = bodyBounds(body.spec, body.state);
    const glm::vec3 half = 0.5f * (box.maxM - box.minM);
    const float reach = glm::length(body.state.velocityMPerS) +
                        glm::length(body.state.angularVelocityRadPerS) * glm::length(half);
    const float grow = std::min(2.0f * reach * dtSeconds, 1e6f) / dx;  // a runaway body stays finite
    const auto cells = [&](float lo, float hi, int n, int& first, int& count) {
        // A cell index within the grid; a NaN (a body Bullet lost) reads cell 0.
        const auto inside = [&](float c) { return c >= 0.0f ? int(std::min(c, float(n - 1))) : 0; };
        first = inside(std::floor(lo / dx - grow) - 2.0f);
        count = std::max(1, inside(std::floor(hi / dx + grow) + 2.0f) - first + 1);
    };
    CellBox out;
    cells(box.minM.x, box.maxM.x, W, out.x0, out.w);
    cells(box.minM.y, box.maxM.y, H, out.y0, out.h);
    return out;
}

// The water around each of the world's bodies, read from the solver at once (on the GPU one gather
// and one readback), for a step of dtSeconds.
std::vector<WaterPatch> patchesAround(const BodyWorld& world, Solver& solver, float dtSeconds) {
    std::vector<CellBox> boxes;
    for (const Body& b : world.bodies())
        boxes.push_back(waterBoxOf(b, dtSeconds, solver.width(), solver.height(), solver.cellSizeM()));
    return solver.readWater(boxes);
}

// The water as each body feels it: its patch under the load the water carries, made on the world's
// threads (each body's its own), kept by the body's id (ids rise along the world's list, and stay
// with a body when others leave it).
struct BodyFields {
    std::vector<int> ids;  // ascending
    std::vector<WaterField> fields;
};

BodyFields fieldsOf(const BodyWorld& world, const Solver& solver, const std::vector<WaterPatch>& patches) {
    BodyFields out;
    out.fields.resize(patches.size());
    for (std::size_t i = 0; i < patches.size(); ++i) out.ids.push_back(world.bodies()[i].id);
    world.forBodies([&](int begin, int end) {
        for (int i = begin; i < end; ++i)
            out.fields[std::size_t(i)] = WaterField::fromPatch(patches[std::size_t(i)], solver.width(), solver.height(),
                                                               solver.cellSizeM(), solver.bodyLoad());
    });
    return out;
}

// The fields of the world's bodies in their order (every body has one).
std::vector<const WaterField*> inOrder(const BodyWorld& world, const BodyFields& water) {
    std::vector<const WaterField*> out;
    for (const Body& b : world.bodies()) {
        const auto at = std::lower_bound(water.ids.begin(), water.ids.end(), b.id);
        out.push_back(&water.fields[std::size_t(at - water.ids.begin())]);
    }
    return out;
}

void setLoad(const BodyWorld& world, Solver& solver, const BodyFields& water, float density,
             Submerged submerged) {
    solver.setBodyLoad(bodyLoad(world, inOrder(world, water), solver.width(), solver.height(), solver.cellSizeM(),
                                density, submerged));
}

}  // namespace

void loadWater(const BodyWorld& world, Solver& solver, float waterDensityKgPerM3) {
    // From the bodies' poses: a body just placed or put back by undo loads the water at once.
    setLoad(world, solver, fieldsOf(world, solver, patchesAround(world, solver, 0.0f)), waterDensityKgPerM3,
            Submerged::FromPose);
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
    if (bedMoves) {
        std::vector<float> bed(std::size_t(solver.width()) * std::size_t(solver.height()));
        solver.readRegion(Solver::Field::Terrain, CellBox{0, 0, solver.width(), solver.height()},
                          reinterpret_cast<std::uint32_t*>(bed.data()));
        world.setTerrain(bed);
    }
    // The bodies feel the level the water stands at around them, under the load it carried this
    // step: only the cells around each body are read.
    const std::vector<WaterPatch> patches = patchesAround(world, solver, dtSeconds);
    lap(&BodyStepTimes::readbackS);
    const BodyFields water = fieldsOf(world, solver, patches);
    lap(&BodyStepTimes::fieldS);
    world.step(dtSeconds, inOrder(world, water), solver.bodySummer());
    lap(&BodyStepTimes::dynamicsS);
    if (times) times->forcesS += world.lastForcesSeconds();
    // Bodies that left the grid are gone from the world; the rest keep their fields.
    const BodyLoadCells load = bodyLoadCells(world, inOrder(world, water), solver.width(), solver.height(),
                                             solver.cellSizeM(), waterDensityKgPerM3, Submerged::AsLastStepped);
    lap(&BodyStepTimes::loadS);
    solver.setBodyLoadCells(load.cells, load.metres);
    if (times) times->loadSetS += std::chrono::duration<double>(Clock::now() - t).count();
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
