// Parameter presets: saved and loaded exactly, partial files merge onto defaults, bad files and
// names are clear errors.
#include <gtest/gtest.h>

#include "sim/presets.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::sim {
namespace {

TEST(Presets, SaveListLoadRoundTrip) {
    test::TempDir dir;
    SimParams p;
    p.friction = 0.123f;
    p.viscosity = 0.0042f;
    p.dtSeconds = 0.07f;
    p.maxSubsteps = 77;
    ASSERT_TRUE(savePreset(dir.path(), "muddy river", p));
    ASSERT_TRUE(savePreset(dir.path(), "alpha", SimParams{}));
    EXPECT_EQ(listPresets(dir.path()), (std::vector<std::string>{"alpha", "muddy river"}));
    auto back = loadPreset(dir.path(), "muddy river");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->friction, 0.123f);
    EXPECT_EQ(back->viscosity, 0.0042f);
    EXPECT_EQ(back->dtSeconds, 0.07f);
    EXPECT_EQ(back->maxSubsteps, 77);
}

TEST(Presets, PartialPresetKeepsDefaults) {
    test::TempDir dir;
    test::writeText(dir / "wet.json", R"({"params": {"rain": 0.001}})");
    auto p = loadPreset(dir.path(), "wet");
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->rainMPerS, 0.001f);
    EXPECT_EQ(p->gravity, SimParams{}.gravity);
}

// Keys a preset leaves out keep the values in force (issue 15: applying a preset of friction and
// viscosity used to reset dt to its default).
TEST(Presets, PartialPresetKeepsTheCurrentValues) {
    test::TempDir dir;
    test::writeText(dir / "rough.json", R"({"params": {"manning_n": 0.08, "viscosity": 0.01}})");
    SimParams current;
    current.dtSeconds = 0.3f;
    current.gravity = 3.7f;
    current.rainMPerS = 2e-6f;
    auto p = loadPreset(dir.path(), "rough", current);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->manningN, 0.08f);
    EXPECT_EQ(p->viscosity, 0.01f);
    EXPECT_EQ(p->dtSeconds, 0.3f);
    EXPECT_EQ(p->gravity, 3.7f);
    EXPECT_EQ(p->rainMPerS, 2e-6f);
}

TEST(Presets, BadFilesAndNamesAreClearErrors) {
    test::TempDir dir;
    test::writeText(dir / "broken.json", "{\"params\": {");
    test::writeText(dir / "negative.json", R"({"params": {"gravity": -3}})");
    auto broken = loadPreset(dir.path(), "broken");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("broken.json"), std::string::npos);
    auto negative = loadPreset(dir.path(), "negative");
    ASSERT_FALSE(negative);
    EXPECT_NE(negative.error().message.find("params.gravity"), std::string::npos) << negative.error().message;
    EXPECT_FALSE(loadPreset(dir.path(), "absent"));
    for (const char* name : {"", "../escape", ".hidden", "a/b"}) EXPECT_FALSE(savePreset(dir.path(), name, SimParams{})) << name;
    EXPECT_TRUE(listPresets(dir.path() / "nope").empty());
}

// Presets that ship (assets/presets/) are offered beside the user's, load without a file of the
// user's, and a user's preset of the same name takes precedence.
TEST(Presets, ShippedPresetsLoadAndUserFilesOverrideThem) {
    test::TempDir dir;
    const std::vector<std::string> shipped = shippedPresets();
    ASSERT_FALSE(shipped.empty());
    for (const std::string& name : shipped) {
        auto p = loadPreset(dir.path(), name);
        ASSERT_TRUE(p) << name << ": " << p.error().message;
    }
    auto clear = loadPreset(dir.path(), "clear-water");
    ASSERT_TRUE(clear) << clear.error().message;
    EXPECT_EQ(clear->frictionLaw, FrictionLaw::Manning);
    EXPECT_EQ(clear->manningN, 0.012f);

    SimParams mine;
    mine.friction = 0.33f;
    ASSERT_TRUE(savePreset(dir.path(), "clear-water", mine));
    ASSERT_TRUE(savePreset(dir.path(), "zz mine", mine));
    auto overridden = loadPreset(dir.path(), "clear-water");
    ASSERT_TRUE(overridden) << overridden.error().message;
    EXPECT_EQ(overridden->friction, 0.33f);
    const std::vector<std::string> all = allPresets(dir.path());
    EXPECT_EQ(all.size(), shipped.size() + 1);  // "clear-water" once
    EXPECT_EQ(all.back(), "zz mine");
    EXPECT_FALSE(loadPreset(dir.path(), "../presets/clear-water"));
}

}  // namespace
}  // namespace sluice::sim
