// The 3-D camera's modes and bookmarks in the real window (Xvfb, llvmpipe; issue 17). Scripts press
// the keys a user would (F, G, W/D held, Ctrl+N, Shift+N, Ctrl+S); `--dump-state` writes the camera
// (view.json: mode, eye, direction, pose, bookmarks) with the terrain and depth, which the checks
// read. The world is paused first (Space), so the ground the walker stood on is the ground dumped.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "sim/builtin_scenes.hpp"
#include "sim/npy.hpp"
#include "sim/snapshot.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json readView(const test::TempDir& dir) {
    std::ifstream in(dir / "state" / "view.json");
    EXPECT_TRUE(in) << "no view.json dumped";
    return in ? json::parse(in) : json::object();
}

struct Vec {
    double x = 0, y = 0, z = 0;
};
Vec vec(const json& a) { return {a.at(0).get<double>(), a.at(1).get<double>(), a.at(2).get<double>()}; }
double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec minus(Vec a, Vec b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double length(Vec a) { return std::sqrt(dot(a, a)); }

const json* bookmark(const json& view, int slot) {
    for (const json& b : view.at("bookmarks"))
        if (b.at("slot") == slot) return &b;
    return nullptr;
}

/// The ground under (x, y) as the viewer samples it: bed + depth bilinear between cell centres.
double groundAt(const sim::NpyArray& bed, const sim::NpyArray& depth, double cellM, double x, double y) {
    const int W = int(bed.cols), H = int(bed.rows);
    const double gx = std::clamp(x / cellM - 0.5, 0.0, double(W - 1)), gy = std::clamp(y / cellM - 0.5, 0.0, double(H - 1));
    const int x0 = std::min(int(gx), W - 2), y0 = std::min(int(gy), H - 2);
    const double fx = gx - x0, fy = gy - y0;
    auto s = [&](int i, int j) { return double(bed.data[std::size_t(j * W + i)]) + double(depth.data[std::size_t(j * W + i)]); };
    const double south = s(x0, y0) + (s(x0 + 1, y0) - s(x0, y0)) * fx, north = s(x0, y0 + 1) + (s(x0 + 1, y0 + 1) - s(x0, y0 + 1)) * fx;
    return south + (north - south) * fy;
}

constexpr char kArgs[] = " --3d --autosave-seconds 0 --print-fps --dump-state state --input-script script.txt --frames ";

}  // namespace

TEST(ViewerCamera, FKeyFliesAlongTheViewDirectionAndHomeFramesTheWorld) {
    test::TempDir dir;
    fs::create_directories(dir / "config");
    // Store the opening view in slot 1 (the reference), fly, hold W for 12 frames, store the fly view
    // in slot 2, then Home (0.5 s back to an orbit framing the world).
    test::writeText(dir / "script.txt", "2 key Space\n4 key Ctrl+1\n6 key F\n8 keydown W\n20 keyup W\n22 key Ctrl+2\n24 key Home\n");
    const auto r = test::screen::runViewerIn(dir, std::string("builtin:valley:64") + kArgs + "64");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const json view = readView(dir);
    const json* start = bookmark(view, 1);
    const json* flown = bookmark(view, 2);
    ASSERT_TRUE(start && flown) << "Ctrl+1 / Ctrl+2 stored nothing\n" << view.dump(2);
    EXPECT_EQ(start->at("mode"), "orbit");
    ASSERT_EQ(flown->at("mode"), "fly") << "F did not switch to fly";
    const Vec eye0 = vec(start->at("eye")), dir0 = vec(start->at("direction")), eye1 = vec(flown->at("eye"));
    const Vec moved = minus(eye1, eye0);
    // Forward along the view (its pitch included: down and towards the world), direction unchanged.
    EXPECT_GT(length(moved), 1.0) << "W moved the eye by " << length(moved) << " m";
    EXPECT_GT(dot(moved, dir0), 0.999 * length(moved)) << "not along the view direction";
    EXPECT_LT(length(minus(vec(flown->at("direction")), dir0)), 1e-5) << "flying turned the view";
    EXPECT_LT(eye1.z, eye0.z) << "the opening view looks down: flying forward descends";

    // Home: orbit again, about the world's centre, at the default pitch, the whole world in view.
    auto valley = sim::builtinScene("valley", 64);
    ASSERT_TRUE(valley.ok());
    const double half = 0.5 * valley->cellSizeM * 64;
    EXPECT_EQ(view.at("mode"), "orbit");
    EXPECT_FALSE(view.at("moving").get<bool>()) << "Home had not arrived after 40 frames";
    EXPECT_NEAR(view.at("target").at(0).get<double>(), half, 1e-3);
    EXPECT_NEAR(view.at("target").at(1).get<double>(), half, 1e-3);
    EXPECT_NEAR(view.at("pitch").get<double>(), 0.7, 1e-6);
    EXPECT_GT(view.at("distance").get<double>(), half) << "framed from outside the world";
}

TEST(ViewerCamera, GKeyWalksAtEyeHeightOverTheGroundInsideTheWorld) {
    test::TempDir dir;
    fs::create_directories(dir / "config");
    // Walk (from orbit: where the view looked), then strafe right and forward for a while.
    test::writeText(dir / "script.txt", "2 key Space\n4 key G\n6 keydown D\n6 keydown W\n26 keyup D\n26 keyup W\n");
    const auto r = test::screen::runViewerIn(dir, std::string("builtin:valley:64") + kArgs + "30");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const json view = readView(dir);
    ASSERT_EQ(view.at("mode"), "walk") << view.dump(2);
    auto bed = sim::readNpy(dir / "state" / "terrain.npy");
    auto depth = sim::readNpy(dir / "state" / "depth.npy");
    ASSERT_TRUE(bed && depth);
    auto valley = sim::builtinScene("valley", 64);
    ASSERT_TRUE(valley.ok());
    const double cellM = valley->cellSizeM;
    const Vec eye = vec(view.at("eye"));
    const double worldM = cellM * double(bed->cols);
    EXPECT_GE(eye.x, 0.0);
    EXPECT_LE(eye.x, worldM);
    EXPECT_GE(eye.y, 0.0);
    EXPECT_LE(eye.y, worldM);
    const double scale = view.at("vertical_exaggeration").get<double>();
    EXPECT_NEAR(eye.z, (groundAt(*bed, *depth, cellM, eye.x, eye.y) + 1.7) * scale, 2e-3) << view.dump(2);
    // It did walk: away from the world's centre, where walking from the opening orbit starts.
    EXPECT_GT(std::hypot(eye.x - 0.5 * worldM, eye.y - 0.5 * worldM), 1.0);
}

TEST(ViewerCamera, BookmarksStoreRecallAndSaveWithTheSnapshot) {
    test::TempDir dir;
    fs::create_directories(dir / "config");
    const auto made = test::runCommand("'" + std::string(test::sluiceBinary()) + "' simulate builtin:valley:64 --steps 0 --save '" +
                                 (dir / "world.sluice").string() + "'");
    ASSERT_EQ(made.exitCode, 0) << made.output;
    // Slot 3: the opening orbit; fly forward; slot 5: the fly view; Shift+3 goes back (0.5 s);
    // Ctrl+S writes the snapshot it was opened from.
    test::writeText(dir / "script.txt",
                    "2 key Space\n4 key Ctrl+3\n6 key F\n8 keydown W\n16 keyup W\n18 key Ctrl+5\n20 key Shift+3\n60 key Ctrl+S\n");
    auto r = test::screen::runViewerIn(dir, std::string("world.sluice") + kArgs + "64");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    json view = readView(dir);
    const json* orbit = bookmark(view, 3);
    const json* fly = bookmark(view, 5);
    ASSERT_TRUE(orbit && fly) << view.dump(2);
    EXPECT_EQ(fly->at("mode"), "fly");
    EXPECT_FALSE(view.at("moving").get<bool>()) << "the move to bookmark 3 had not arrived after 40 frames";
    EXPECT_EQ(view.at("mode"), "orbit") << "recalling an orbit view leaves fly mode";
    EXPECT_LT(length(minus(vec(view.at("eye")), vec(orbit->at("eye")))), 1e-3) << view.dump(2);
    EXPECT_GT(length(minus(vec(fly->at("eye")), vec(orbit->at("eye")))), 1.0) << "the two bookmarks are the same view";

    // The saved snapshot holds both, as stored.
    auto saved = sim::readSnapshotFile(dir / "world.sluice");
    ASSERT_TRUE(saved) << saved.error().message;
    ASSERT_EQ(saved->bookmarks.size(), 2u);
    EXPECT_EQ(saved->bookmarks[0].slot, 3);
    EXPECT_EQ(saved->bookmarks[0].name, "view 3");
    EXPECT_EQ(saved->bookmarks[1].slot, 5);
    EXPECT_EQ(saved->bookmarks[1].mode, sim::ViewBookmark::Mode::Fly);
    for (int k = 0; k < 3; ++k) EXPECT_FLOAT_EQ(saved->bookmarks[1].pose.targetM[k], fly->at("target").at(k).get<float>());

    // Opened again, Shift+5 flies to the saved fly view.
    const Vec flyEye = vec(fly->at("eye"));  // `view` is read anew below
    test::writeText(dir / "script.txt", "2 key Space\n4 key Shift+5\n");
    r = test::screen::runViewerIn(dir, std::string("world.sluice") + kArgs + "44");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    view = readView(dir);
    EXPECT_EQ(view.at("mode"), "fly");
    EXPECT_FALSE(view.at("moving").get<bool>());
    EXPECT_LT(length(minus(vec(view.at("eye")), flyEye)), 1e-3) << view.dump(2);
}
