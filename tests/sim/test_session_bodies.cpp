// Bodies as commands (docs/BODIES.md): placing and deleting bodies go through the session, so they
// are undone, redone, logged and replayed; a reset puts the bodies back where the session started
// them; the session steps the bodies after the water and their load follows them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sim/bodies/body_load.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/command.hpp"
#include "sim/session.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

sim::BodySpec crate(float x, float y) {
    sim::BodySpec b;
    b.shape = sim::BodyShape::Box;
    b.sizeM = glm::vec3(2.0f, 2.0f, 1.0f);
    b.densityKgPerM3 = 500.0f;
    b.positionM = glm::vec3(x, y, 2.5f);
    return b;
}

std::unique_ptr<sim::Session> basinSession() {
    sim::Scene s = test::flatScene(30, 30, 1.0f);
    for (float& h : s.depthM) h = 2.0f;
    s.params.model = sim::WaterModel::Swe;
    s.params.frictionLaw = sim::defaultFrictionLaw(s.params.model);
    return std::make_unique<sim::Session>(test::makeSolver("cpu", s));
}

double displaced(const sim::Session& s) { return sim::displacedVolumeM3(s.solver().bodyLoad(), 1.0f); }

}  // namespace

TEST(SessionBodies, PlacingIsUndoneAndRedoneAndTheLoadFollows) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    auto session = basinSession();
    ASSERT_EQ(session->bodies(), nullptr);
    session->apply(sim::PlaceBodies{{crate(10, 10), crate(20, 20)}});
    ASSERT_NE(session->bodies(), nullptr);
    ASSERT_EQ(session->bodies()->bodies().size(), 2u);
    for (int i = 0; i < 200; ++i) session->step();  // they settle into the water, which they load
    EXPECT_NEAR(displaced(*session), 4.0, 0.12);
    EXPECT_LT(session->bodies()->bodies()[0].state.positionM.z, 2.2f);
    EXPECT_EQ(session->undoLabel(), "bodies");

    session->apply(sim::RemoveBodies{{0}});
    ASSERT_EQ(session->bodies()->bodies().size(), 1u);
    EXPECT_NEAR(session->bodies()->bodies()[0].state.positionM.x, 20.0f, 0.3f);
    EXPECT_NEAR(displaced(*session), 2.0, 0.06);

    ASSERT_TRUE(session->undo());  // the deleted crate is back where it floated, loading the water
    ASSERT_EQ(session->bodies()->bodies().size(), 2u);
    EXPECT_NEAR(session->bodies()->bodies()[0].state.positionM.x, 10.0f, 0.3f);
    // At once in part (the water under it still stands lower by its old load, which the surface it
    // is measured against no longer counts, so it seems shallower in), all of it within a few steps.
    EXPECT_GT(displaced(*session), 2.5);
    for (int i = 0; i < 40; ++i) session->step();
    EXPECT_NEAR(displaced(*session), 4.0, 0.12);
    ASSERT_TRUE(session->undo());  // and before the placing: none, no load
    EXPECT_TRUE(session->bodies()->bodies().empty());
    EXPECT_EQ(displaced(*session), 0.0);
    ASSERT_TRUE(session->redo());
    EXPECT_EQ(session->bodies()->bodies().size(), 2u);
    EXPECT_EQ(session->solver().ledger().residualUnits, 0);
}

TEST(SessionBodies, AResetPutsTheBodiesBackWhereTheSessionStartedThem) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    auto session = basinSession();
    auto world = sim::BodyWorld::create(30, 30, 1.0f, std::vector<float>(900, 0.0f));
    ASSERT_TRUE(world);
    ASSERT_TRUE((*world)->add(crate(15, 15)));
    session->setBodies(std::move(*world));
    EXPECT_NEAR(displaced(*session), 0.0, 1e-9) << "let go above the water, it loads nothing yet";
    for (int i = 0; i < 100; ++i) session->step();
    EXPECT_LT(session->bodies()->bodies()[0].state.positionM.z, 2.2f);
    session->apply(sim::ResetRun{});
    EXPECT_FLOAT_EQ(session->bodies()->bodies()[0].state.positionM.z, 2.5f);
    ASSERT_TRUE(session->undo());  // back to where it floated
    EXPECT_LT(session->bodies()->bodies()[0].state.positionM.z, 2.2f);
}

TEST(SessionBodies, BodyCommandsRoundTripThroughTheLogFormat) {
    const sim::Command place = sim::PlaceBodies{{crate(3, 4)}};
    auto back = sim::commandFromJson(sim::commandToJson(place), "run.log:2", 30, 30);
    ASSERT_TRUE(back) << back.error().message;
    const auto* p = std::get_if<sim::PlaceBodies>(&*back);
    ASSERT_TRUE(p);
    ASSERT_EQ(p->bodies.size(), 1u);
    EXPECT_EQ(p->bodies[0].positionM, glm::vec3(3, 4, 2.5f));
    EXPECT_EQ(p->bodies[0].densityKgPerM3, 500.0f);
    auto removed = sim::commandFromJson(sim::commandToJson(sim::RemoveBodies{{2, 0}}), "run.log:3", 30, 30);
    ASSERT_TRUE(removed) << removed.error().message;
    EXPECT_EQ(std::get<sim::RemoveBodies>(*removed).indices, (std::vector<int>{2, 0}));
    // Bad input names the line and the field.
    const auto bad = sim::commandFromJson(nlohmann::json{{"type", "remove-bodies"}, {"indices", {1, -3}}}, "run.log:4", 30, 30);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("run.log:4"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("indices[1]"), std::string::npos) << bad.error().message;
    const auto badBody = sim::commandFromJson(
        nlohmann::json{{"type", "place-bodies"}, {"bodies", {{{"shape", "raft"}, {"position", {1, 2, 3}}}}}}, "run.log:5", 30, 30);
    ASSERT_FALSE(badBody);
    EXPECT_NE(badBody.error().message.find("bodies[0].shape"), std::string::npos) << badBody.error().message;
}

TEST(SessionBodies, EditingMovesABodyInItsPlaceAndADragIsOneUndo) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    auto session = basinSession();
    session->apply(sim::PlaceBodies{{crate(5, 5), crate(10, 10), crate(20, 20)}});
    for (int i = 0; i < 50; ++i) session->step();
    // A drag of the middle crate in three moves, then a new density: two undo entries.
    for (int k = 1; k <= 3; ++k) {
        sim::BodySpec moved = crate(10.0f + 2.0f * float(k), 10.0f);
        session->apply(sim::EditBodies{{1}, {moved}}, k > 1);
    }
    const auto& bodies = session->bodies()->bodies();
    ASSERT_EQ(bodies.size(), 3u);
    EXPECT_EQ(bodies[1].spec.positionM.x, 16.0f) << "the moved body keeps its place in the list";
    EXPECT_EQ(bodies[1].state.positionM, glm::vec3(16, 10, 2.5f)) << "it starts at rest where the edit put it";
    EXPECT_NEAR(bodies[2].state.positionM.x, 20.0f, 0.3f);
    sim::BodySpec heavy = bodies[1].spec;
    heavy.densityKgPerM3 = 900.0f;
    session->apply(sim::EditBodies{{1}, {heavy}});
    EXPECT_EQ(session->bodies()->bodies()[1].spec.densityKgPerM3, 900.0f);
    EXPECT_EQ(session->undoLabel(), "move bodies");
    ASSERT_TRUE(session->undo());
    EXPECT_EQ(session->bodies()->bodies()[1].spec.densityKgPerM3, 500.0f);
    EXPECT_EQ(session->bodies()->bodies()[1].spec.positionM.x, 16.0f);
    ASSERT_TRUE(session->undo());  // the whole drag at once
    EXPECT_NEAR(session->bodies()->bodies()[1].state.positionM.x, 10.0f, 0.3f);
    // A body the world would refuse and an index that is not there change nothing and log nothing.
    const std::size_t logged = session->log().size();
    sim::BodySpec bad = crate(1, 1);
    bad.densityKgPerM3 = -5.0f;
    session->apply(sim::EditBodies{{0}, {bad}});
    session->apply(sim::PlaceBodies{{bad}});
    session->apply(sim::EditBodies{{7}, {crate(1, 1)}});
    EXPECT_EQ(session->log().size(), logged);
    EXPECT_EQ(session->bodies()->bodies().size(), 3u);
    EXPECT_EQ(session->solver().ledger().residualUnits, 0);
}

TEST(SessionBodies, EditCommandsRoundTripAndBadOnesAreNamed) {
    auto back = sim::commandFromJson(sim::commandToJson(sim::EditBodies{{4}, {crate(7, 8)}}), "run.log:6", 30, 30);
    ASSERT_TRUE(back) << back.error().message;
    const auto& e = std::get<sim::EditBodies>(*back);
    EXPECT_EQ(e.indices, std::vector<int>{4});
    ASSERT_EQ(e.specs.size(), 1u);
    EXPECT_EQ(e.specs[0].positionM, glm::vec3(7, 8, 2.5f));
    nlohmann::json j = sim::commandToJson(sim::EditBodies{{4, 5}, {crate(7, 8)}});
    const auto mismatch = sim::commandFromJson(j, "run.log:7", 30, 30);
    ASSERT_FALSE(mismatch);
    EXPECT_NE(mismatch.error().message.find("run.log:7"), std::string::npos) << mismatch.error().message;
    EXPECT_NE(mismatch.error().message.find("one body per index"), std::string::npos) << mismatch.error().message;
}
