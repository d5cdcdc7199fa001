// A/B comparison (issue 15): each pane says which run it shows and what B changes, the difference is
// a map (chosen in the 3-D view it no longer shows A alone), and it carries a colour bar with its
// scale. Unit tests of the rules, then the real window under Xvfb.
#include <gtest/gtest.h>

#include <string>

#include "app/window/compare_view.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;

namespace {

TEST(CompareView, LabelsSayWhatBChanges) {
    sim::SimParams a;
    a.manningN = 0.035f;
    EXPECT_EQ(app::parameterDifferences(a, a), "same parameters as A");
    sim::SimParams b = a;
    b.manningN = 0.08f;
    const std::string text = app::parameterDifferences(a, b);
    EXPECT_NE(text.find("manning_n 0.08"), std::string::npos) << text;
    EXPECT_NE(text.find("(A 0.035)"), std::string::npos) << text;
    EXPECT_EQ(text.find("dt"), std::string::npos) << text;  // only what differs
}

TEST(CompareView, TheDifferenceIsAMapAndTheLatestChoiceWins) {
    int mode = 1;
    bool view3d = true;
    app::reconcileCompareView(true, mode, view3d, 0, true);  // difference chosen in the 3-D view
    EXPECT_EQ(mode, 1);
    EXPECT_FALSE(view3d);
    mode = 1, view3d = true;
    app::reconcileCompareView(true, mode, view3d, 1, false);  // V pressed while showing the difference
    EXPECT_EQ(mode, 0);
    EXPECT_TRUE(view3d);
    mode = 1, view3d = true;
    app::reconcileCompareView(false, mode, view3d, 0, true);  // no comparison: nothing to reconcile
    EXPECT_TRUE(view3d);
}

/// Strong red / strong blue pixels in the bottom-right corner of the free area (the legend's place).
std::pair<int, int> legendColours(const test::screen::Image& im) {
    int red = 0, blue = 0;
    for (int y = im.height - 140; y < im.height; ++y)
        for (int x = im.width - 320; x < im.width; ++x) {
            const auto c = im.at(x, y);
            red += c[0] > 200 && c[1] < 110 && c[2] < 90;
            blue += c[2] > 200 && c[0] < 90 && c[1] < 160;
        }
    return {red, blue};
}

TEST(ViewerCompare, DifferenceFromThe3DViewIsAMapWithItsScale) {
    test::TempDir dir;
    const auto shot = dir / "diff.png";
    const auto r = test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) +
                                    "' builtin:default:64 --3d --ab manning_n=0.08 --ab-view difference --speed 30 --frames 40 "
                                    "--print-fps --autosave-seconds 0 --screenshot '" + shot.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("map view"), std::string::npos) << "the difference was not shown: " << r.output;
    const auto [red, blue] = legendColours(test::screen::load(shot));
    EXPECT_GT(red, 200) << "no colour bar: red end";
    EXPECT_GT(blue, 200) << "no colour bar: blue end";
    // Without a comparison there is no such bar.
    const auto plain = dir / "plain.png";
    ASSERT_EQ(test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) +
                               "' builtin:default:64 --map --frames 10 --autosave-seconds 0 --screenshot '" + plain.string() + "'")
                  .exitCode,
              0);
    const auto [redPlain, bluePlain] = legendColours(test::screen::load(plain));
    EXPECT_LT(redPlain + bluePlain, 20);
}

TEST(ViewerCompare, AMistypedParameterIsRefusedNotAnIdenticalB) {
    const auto r = test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) +
                                    "' builtin:default:32 --ab frobnicate=1 --frames 3 --autosave-seconds 0");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("frobnicate"), std::string::npos) << r.output;
}

}  // namespace
