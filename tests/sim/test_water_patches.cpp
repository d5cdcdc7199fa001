// Solver::readWater, the water around the bodies read in one go (on the GPU one gather dispatch and
// one readback): every patch holds exactly the cells' and faces' words the whole-grid download holds,
// on both backends and in both water models, for boxes inside the grid, at its edges and the whole
// of it; and the water the bodies feel from a patch carries the current in both models (the pipe
// model keeps flows, not face velocities).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sim/bodies/water_field.hpp"
#include "sim/solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

// A 40 x 24 m channel, 1 m deep over its west half, a level of 1 m held at the west edge and a free
// outfall at the east: water that moves everywhere within a few seconds.
sim::Scene channel(sim::WaterModel model) {
    sim::Scene s = test::flatScene(40, 24, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < 20; ++x) s.depthM[std::size_t(y) * 40 + std::size_t(x)] = 1.0f;
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Level, 1.0);
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.params.model = model;
    s.params.frictionLaw = sim::defaultFrictionLaw(model);
    return s;
}

const std::vector<sim::CellBox> kBoxes = {
    {14, 3, 7, 4},    // inside
    {33, 2, 7, 5},    // at the east edge (the last x-face is the grid's edge face)
    {10, 19, 6, 5},   // at the north edge
    {0, 0, 1, 1},     // one cell in the south-west corner
    {0, 0, 40, 24},   // the whole grid
};

template <typename T>
bool sameWords(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// The patch of `box` cut out of a whole-grid download, faces as the model keeps them.
sim::WaterPatch cutOut(const sim::FieldSnapshot& f, const sim::CellBox& box, bool velocities) {
    sim::WaterPatch p;
    p.box = box;
    p.faceVelocities = velocities;
    const std::vector<float>& fx = velocities ? f.faceVelocityXMS : f.flowXM3PerS;
    const std::vector<float>& fy = velocities ? f.faceVelocityYMS : f.flowYM3PerS;
    const std::size_t W = std::size_t(f.width);
    for (int y = box.y0; y < box.y0 + box.h; ++y) {
        for (int x = box.x0; x < box.x0 + box.w; ++x) {
            p.bedM.push_back(f.terrainM[std::size_t(y) * W + std::size_t(x)]);
            p.depthUnits.push_back(f.depthUnits[std::size_t(y) * W + std::size_t(x)]);
        }
        for (int i = box.x0; i <= box.x0 + box.w; ++i) p.faceX.push_back(fx[std::size_t(y) * (W + 1) + std::size_t(i)]);
    }
    for (int j = box.y0; j <= box.y0 + box.h; ++j)
        for (int x = box.x0; x < box.x0 + box.w; ++x) p.faceY.push_back(fy[std::size_t(j) * W + std::size_t(x)]);
    return p;
}

}  // namespace

TEST(WaterPatches, HoldTheDownloadsWordsOnBothBackendsAndModels) {
    for (sim::WaterModel model : {sim::WaterModel::Swe, sim::WaterModel::Pipes}) {
        const bool swe = model == sim::WaterModel::Swe;
        for (const char* backend : {"cpu", "gpu"}) {
            const std::string name = std::string(backend) + (swe ? " swe" : " pipes");
            auto solver = test::makeSolver(backend, channel(model));
            ASSERT_TRUE(solver) << name;
            for (int i = 0; i < 40; ++i) solver->step(0.05f);
            const sim::FieldSnapshot whole = solver->download();
            const std::vector<sim::WaterPatch> patches = solver->readWater(kBoxes);
            ASSERT_EQ(patches.size(), kBoxes.size()) << name;
            for (std::size_t k = 0; k < kBoxes.size(); ++k) {
                const sim::WaterPatch want = cutOut(whole, kBoxes[k], swe);
                const sim::WaterPatch& got = patches[k];
                const std::string what = name + " box " + std::to_string(k);
                EXPECT_EQ(got.faceVelocities, swe) << what;
                EXPECT_TRUE(sameWords(got.bedM, want.bedM)) << what << ": bed";
                EXPECT_EQ(got.depthUnits, want.depthUnits) << what << ": depth";
                EXPECT_TRUE(sameWords(got.faceX, want.faceX)) << what << ": x-faces";
                EXPECT_TRUE(sameWords(got.faceY, want.faceY)) << what << ": y-faces";
            }
            // Moving water, so equal words are not all zeros.
            float most = 0.0f;
            for (float q : patches[0].faceX) most = std::max(most, std::abs(q));
            EXPECT_GT(most, 0.05f) << name << ": the water moves in the inner box";
        }
    }
}

TEST(WaterPatches, TheBodiesFeelTheCurrentInBothModels) {
    for (sim::WaterModel model : {sim::WaterModel::Swe, sim::WaterModel::Pipes}) {
        const char* modelName = model == sim::WaterModel::Swe ? "swe" : "pipes";
        auto solver = test::makeSolver("cpu", channel(model));
        for (int i = 0; i < 100; ++i) solver->step(0.05f);
        const sim::WaterPatch patch = solver->readWater({{10, 8, 8, 8}})[0];
        const sim::WaterField water = sim::WaterField::fromPatch(patch, 40, 24, 1.0f);
        const sim::FieldSnapshot f = solver->download();
        // The mean flow east through the faces either side of cell (12, 12) over its depth (the
        // velocity of the faces, over their own depths, differs from it by the depth's gradient).
        const std::size_t c = 12 * 40 + 12;
        const float q = 0.5f * (f.flowXM3PerS[12 * 41 + 12] + f.flowXM3PerS[12 * 41 + 13]);
        const float u = q / f.depthM[c];
        ASSERT_GT(u, 0.2f) << modelName << ": the channel flows east";
        const sim::WaterAt w = water.at(12.5f, 12.5f);
        EXPECT_NEAR(w.velocityMPerS.x, u, 0.05f * u) << modelName;
        EXPECT_NEAR(w.depthM, f.depthM[c], 1e-5f) << modelName;
        // A look-up past the patch reads its edge cell, as one past the grid reads the grid's.
        EXPECT_EQ(water.at(30.5f, 12.5f).depthM, water.at(17.5f, 12.5f).depthM) << modelName;
    }
}
