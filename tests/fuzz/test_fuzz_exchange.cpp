// Fuzzing the exchange readers (sim/exchange) in process, so the sanitizer build covers the libraries
// under them (OpenEXR, libtiff/libgeotiff): every truncation and byte damage of a valid RAW16 sidecar,
// EXR and GeoTIFF must either load into a finite heightfield of a sane size or fail with a message
// that starts with the file's path. Seeded like the other fuzz suites (SLUICE_FUZZ_SEED, _SCALE).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "sim/exchange/exr_file.hpp"
#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/heightfield_import.hpp"
#include "sim/exchange/raw16.hpp"
#include "tests/support/fuzz_mutations.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

constexpr int kW = 24, kH = 17;

std::vector<float> heights() {
    std::vector<float> v(std::size_t(kW * kH));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::sin(float(i) * 0.1f) * 30.0f + 5.0f;
    return v;
}

/// Runs importHeightfield on every mutation of `file`'s bytes (written back to `file`).
void fuzzFile(const fs::path& file, const sim::HeightfieldRequest& request, const fs::path& mutated) {
    const std::string good = test::readText(mutated);
    ASSERT_FALSE(good.empty()) << mutated;
    test::Mutator m(test::fuzzSeed());
    std::vector<test::Mutation> cases = m.truncations(good, 40 * test::fuzzScale());
    for (test::Mutation& t : m.byteDamage(good, 80 * test::fuzzScale())) cases.push_back(std::move(t));
    int loaded = 0, refused = 0;
    for (const test::Mutation& c : cases) {
        test::writeText(mutated, c.bytes);
        auto r = sim::importHeightfield(mutated.extension() == ".json" ? file : mutated, request);
        const std::string ctx = mutated.filename().string() + ": " + c.what;
        if (r) {
            ++loaded;
            EXPECT_GT(r->width, 0) << ctx;
            EXPECT_GT(r->height, 0) << ctx;
            ASSERT_EQ(r->heightsM.size(), std::size_t(r->width) * std::size_t(r->height)) << ctx;
            for (float v : r->heightsM) ASSERT_TRUE(std::isfinite(v)) << ctx;
        } else {
            ++refused;
            const std::string& msg = r.error().message;
            EXPECT_TRUE(msg.rfind(file.string(), 0) == 0 || msg.rfind(mutated.string(), 0) == 0)
                << ctx << ": message does not start with the file: " << msg;
        }
    }
    EXPECT_GT(refused, 0) << "no mutation of " << mutated << " was refused: the cases test nothing";
    std::cout << mutated.filename().string() << ": " << loaded << " loaded, " << refused << " refused\n";
}

}  // namespace

TEST(FuzzExchange, Raw16SidecarsAndData) {
    test::TempDir dir;
    const std::vector<float> h = heights();
    ASSERT_TRUE(sim::writeRaw16(dir / "t.r16", h.data(), sim::Raw16Info{kW, kH, -30.0f, 40.0f, 2.0f}));
    const std::string data = test::readText(dir / "t.r16");
    fuzzFile(dir / "t.r16", {}, dir / "t.r16.json");  // the sidecar damaged, the data intact
    ASSERT_TRUE(sim::writeRaw16(dir / "t.r16", h.data(), sim::Raw16Info{kW, kH, -30.0f, 40.0f, 2.0f}));
    fuzzFile(dir / "t.r16", {}, dir / "t.r16");        // the data damaged, the sidecar intact
}

#ifdef SLUICE_HAS_EXCHANGE_FORMATS

TEST(FuzzExchange, ExrAndGeoTiffFiles) {
    test::TempDir dir;
    const std::vector<float> h = heights();
    const sim::ExrChannel luminance[1] = {{"Y", h.data()}};
    ASSERT_TRUE(sim::writeExr(dir / "t.exr", kW, kH, luminance));
    ASSERT_TRUE(sim::writeGeoTiff(dir / "t.tif", h.data(), kW, kH, 2.0, sim::GeoReference{1000, 2000, 32633}));
    for (const char* f : {"t.exr", "t.tif"}) fuzzFile(dir / f, {}, dir / f);
}

#endif
