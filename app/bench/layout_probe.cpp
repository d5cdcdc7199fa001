#include "app/bench/layout_probe.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <string>

#include "app/bench/timed_rate.hpp"
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "sim/gpu_layout.hpp"

namespace sluice::app {

namespace {

constexpr int kGroupX = SLUICE_PASS_GROUP_X, kGroupY = SLUICE_PASS_GROUP_Y;
constexpr int kFields = 8;  // layout_probe.comp's bindings 0..7; the list at 8

bool powerOfTwo(int v) { return v > 0 && (v & (v - 1)) == 0; }

// The groups (y << 16 | x) of a band of whole columns or rows holding `fraction` of the grid's cells,
// centred, with one group around it as the step's dry skipping computes (its 3 x 3 vote).
std::vector<std::uint32_t> bandGroups(int n, bool columns, double fraction) {
    const int gx = n / kGroupX, gy = n / kGroupY;
    const int width = std::max(1, int(double(n) * fraction + 0.5));
    const int lo = (n - width) / 2, hi = lo + width;  // cells [lo, hi) across the band
    const int side = columns ? kGroupX : kGroupY;
    const int g0 = std::max(0, lo / side - 1), g1 = std::min((columns ? gx : gy) - 1, (hi - 1) / side + 1);
    std::vector<std::uint32_t> out;
    for (int y = 0; y < gy; ++y)
        for (int x = 0; x < gx; ++x) {
            const int g = columns ? x : y;
            if (g >= g0 && g <= g1) out.push_back(std::uint32_t(y) << 16 | std::uint32_t(x));
        }
    return out;
}

std::vector<std::uint32_t> allGroups(int n) {
    std::vector<std::uint32_t> out;
    for (int y = 0; y < n / kGroupY; ++y)
        for (int x = 0; x < n / kGroupX; ++x) out.push_back(std::uint32_t(y) << 16 | std::uint32_t(x));
    return out;
}

// The groups in column order (x, then y) when the layout asks for it, else as listed (rows of groups).
std::vector<std::uint32_t> inOrder(std::vector<std::uint32_t> groups, const ProbeLayout& layout) {
    if (layout.columnOrder)
        std::sort(groups.begin(), groups.end(), [](std::uint32_t a, std::uint32_t b) {
            return (a & 0xFFFFu) != (b & 0xFFFFu) ? (a & 0xFFFFu) < (b & 0xFFFFu) : a < b;
        });
    return groups;
}

// Milliseconds one substep (both passes) takes over the listed groups.
double substepMs(const gl::Program& prog, const std::vector<std::uint32_t>& groups, double minSeconds) {
    gl::Buffer list(groups.size() * sizeof(std::uint32_t), groups.data());
    list.bindStorage(8);
    prog.use();
    const double rate = timedRate(
        [&](int k) {
            for (int i = 0; i < k; ++i)
                for (int pass = 0; pass < 2; ++pass) {
                    prog.set("uPass", pass);
                    glDispatchCompute(GLuint(groups.size()), 1, 1);
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                }
            glFinish();
        },
        minSeconds);
    return 1000.0 / rate;
}

}  // namespace

std::vector<ProbeLayout> parseProbeLayouts(const std::string& text) {
    std::vector<ProbeLayout> out;
    if (text.empty() || text.back() == ',') return {};
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        const bool columnOrder = !item.empty() && item.back() == 'c';
        if (columnOrder) item.pop_back();
        if (item == "row") {
            out.push_back(ProbeLayout{0, 0, columnOrder});
            continue;
        }
        int w = 0, h = 0;
        char x = 0;
        std::stringstream one(item);
        if (!(one >> w >> x >> h) || x != 'x' || !one.eof() || !powerOfTwo(w) || !powerOfTwo(h) || w % kGroupX != 0 ||
            h % kGroupY != 0 || w > 4096 || h > 4096)
            return {};
        out.push_back(ProbeLayout{w, h, columnOrder});
    }
    return out;
}

Result<std::vector<ProbeRow>> measureLayoutProbe(const std::vector<int>& sizes, const std::vector<ProbeLayout>& layouts,
                                                 const std::vector<double>& fractions, double minSeconds) {
    auto prog = gl::Program::compute("sim/layout_probe.comp");
    if (!prog) return prog.error();
    std::vector<ProbeRow> rows;
    for (int n : sizes) {
        if (n % kGroupX != 0) return Error{"layout probe: size " + std::to_string(n) + " is not a multiple of " + std::to_string(kGroupX)};
        std::array<gl::Buffer, kFields> fields;
        for (int f = 0; f < kFields; ++f) {
            fields[std::size_t(f)] = gl::Buffer(std::size_t(n) * std::size_t(n) * 4);
            fields[std::size_t(f)].fill32(0x3f800000u);
            fields[std::size_t(f)].bindStorage(GLuint(f));
        }
        if (glGetError() == GL_OUT_OF_MEMORY) return Error{"layout probe: " + std::to_string(n) + "^2 fields do not fit in GPU memory"};
        prog->set("uN", n);
        const std::size_t total = allGroups(n).size();
        for (const ProbeLayout& layout : layouts) {
            if (layout.width > n || layout.height > n) continue;
            const auto log2 = [](int v) { return v == 0 ? -1 : __builtin_ctz(unsigned(v)); };
            prog->set("uTileLog2", log2(layout.width), log2(layout.height));
            ProbeRow row{n, layout, substepMs(*prog, inOrder(allGroups(n), layout), minSeconds), {}};
            for (double f : fractions)
                for (bool columns : {true, false}) {
                    const auto groups = inOrder(bandGroups(n, columns, f), layout);
                    row.bands.push_back(ProbeBand{columns, f, double(groups.size()) / double(total), substepMs(*prog, groups, minSeconds)});
                }
            rows.push_back(row);
        }
    }
    return rows;
}

}  // namespace sluice::app
