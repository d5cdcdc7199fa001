// The real viewer (Xvfb, llvmpipe) under a few hundred random input events: clicks and drags with
// every mouse button (over the world and over the panels), the wheel, tool keys, view switches,
// undo/redo storms, resets in the middle of a drag and held camera keys. It must exit cleanly and
// leave a finite world with no negative depth. Seeded (SLUICE_FUZZ_SEED): a failure prints the
// script, which reproduces it with `sluice builtin:default:64 --input-script FILE`.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "sim/npy.hpp"
#include "tests/support/fuzz_mutations.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

/// A random input script of about `events` events over `frames` frames in a 1280x800 window.
std::string randomScript(std::uint64_t seed, int frames, int events) {
    std::mt19937_64 rng(seed);
    auto pick = [&](int n) { return int(rng() % std::uint64_t(n)); };
    const char* buttons[] = {"left", "middle", "right"};
    const char* keys[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "Space", "S", "R", "V", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y"};
    const char* held[] = {"W", "A", "S", "D", "Q", "E"};
    std::string s = "# random viewer input, seed " + std::to_string(seed) + "\n";
    int frame = 2;
    for (int n = 0; n < events && frame < frames - 2; ++n) {
        const std::string f = std::to_string(frame);
        const int x = pick(1280), y = pick(800);
        switch (pick(10)) {
            case 0:
            case 1: {  // a drag with one button, sometimes reset or undone half-way
                const char* b = buttons[pick(3)];
                s += f + " move " + std::to_string(x) + " " + std::to_string(y) + "\n";
                s += std::to_string(frame + 1) + " down " + std::to_string(x) + " " + std::to_string(y) + " " + b + "\n";
                int px = x, py = y;
                const int steps = 3 + pick(8);
                for (int k = 0; k < steps; ++k) {
                    px = std::clamp(px + pick(121) - 60, 0, 1279);
                    py = std::clamp(py + pick(121) - 60, 0, 799);
                    s += std::to_string(frame + 2 + k) + " move " + std::to_string(px) + " " + std::to_string(py) + "\n";
                    if (k == steps / 2 && pick(3) == 0) s += std::to_string(frame + 2 + k) + (pick(2) ? " key R\n" : " key Ctrl+Z\n");
                }
                s += std::to_string(frame + 2 + steps) + " up " + std::to_string(px) + " " + std::to_string(py) + " " + b + "\n";
                frame += 3 + steps;
                break;
            }
            case 2: s += f + " move " + std::to_string(x) + " " + std::to_string(y) + "\n" + f + " wheel " +
                         std::to_string(pick(11) - 5) + "\n";
                ++frame;
                break;
            case 3: {  // an undo or redo storm
                const char* k = pick(2) ? "Ctrl+Z" : "Ctrl+Shift+Z";
                for (int i = 0; i < 12; ++i) s += std::to_string(frame + 2 * i) + " key " + k + "\n";
                frame += 24;
                break;
            }
            case 4: {  // a held camera key
                const char* k = held[pick(6)];
                s += f + " keydown " + k + "\n" + std::to_string(frame + 1 + pick(6)) + " keyup " + k + "\n";
                frame += 2;
                break;
            }
            case 5:  // a click on the panels (sliders, buttons, combos)
                s += f + " move " + std::to_string(20 + pick(360)) + " " + std::to_string(30 + pick(760)) + "\n";
                s += std::to_string(frame + 1) + " down " + std::to_string(20 + pick(360)) + " " + std::to_string(30 + pick(760)) + "\n";
                s += std::to_string(frame + 2) + " up " + std::to_string(20 + pick(360)) + " " + std::to_string(30 + pick(760)) + "\n";
                frame += 3;
                break;
            default:
                s += f + " key " + keys[pick(16)] + "\n";
                frame += 2;
                break;
        }
    }
    return s;
}

void fuzzViewer(const std::string& view, std::uint64_t seed) {
    TempDir dir;
    const std::string script = randomScript(seed, 300, 260);
    writeText(dir / "fuzz.txt", script);
    const CliRun r = runCommand("cd '" + dir.path().string() + "' && SLUICE_DATA_DIR='" + (dir / "data").string() +
                                "' SLUICE_CONFIG_DIR='" + (dir / "config").string() +
                                "' timeout -s KILL 300 xvfb-run -a -s '-screen 0 1280x800x24' '" + sluiceBinary() +
                                "' builtin:default:64 " + view + " --frames 300 --autosave-seconds 0 --input-script fuzz.txt "
                                "--dump-state out");
    ASSERT_EQ(r.exitCode, 0) << r.output << "\nscript (seed " << seed << "):\n" << script;
    auto terrain = sim::readNpy(dir / "out" / "terrain.npy");
    auto depth = sim::readNpy(dir / "out" / "depth.npy");
    ASSERT_TRUE(terrain && depth) << "no dumped state: " << r.output;
    for (float b : terrain->data) ASSERT_TRUE(std::isfinite(b)) << "seed " << seed;
    for (float h : depth->data) ASSERT_TRUE(std::isfinite(h) && h >= 0.0f) << "seed " << seed << ": depth " << h;
}

TEST(ViewerFuzz, RandomInputInTheMapView) { fuzzViewer("--map", fuzzSeed()); }

TEST(ViewerFuzz, RandomInputInThe3DView) { fuzzViewer("--3d", fuzzSeed() + 1); }

}  // namespace
}  // namespace sluice::test
