#include "sim/basin_fill.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>

namespace sluice::sim {

namespace {

using Entry = std::pair<float, std::size_t>;  // (level reached, cell), smallest level first
using MinHeap = std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>>;

bool onEdge(std::size_t i, int w, int h) {
    const auto x = int(i % std::size_t(w)), y = int(i / std::size_t(w));
    return x == 0 || y == 0 || x == w - 1 || y == h - 1;
}

/// Calls f(j) for each 4-neighbour j of cell i inside the grid.
template <class F>
void forNeighbours(std::size_t i, int w, int h, F&& f) {
    const auto x = int(i % std::size_t(w)), y = int(i / std::size_t(w));
    if (x > 0) f(i - 1);
    if (x + 1 < w) f(i + 1);
    if (y > 0) f(i - std::size_t(w));
    if (y + 1 < h) f(i + std::size_t(w));
}

}  // namespace

float spillLevel(const std::vector<float>& bedM, int w, int h, int x, int y) {
    assert(w > 0 && h > 0 && x >= 0 && y >= 0 && x < w && y < h && bedM.size() == std::size_t(w) * std::size_t(h));
    std::vector<std::uint8_t> seen(bedM.size(), 0);
    MinHeap open;
    const std::size_t start = std::size_t(y) * std::size_t(w) + std::size_t(x);
    open.push({bedM[start], start});
    seen[start] = 1;
    while (!open.empty()) {
        const auto [level, i] = open.top();
        open.pop();
        // Cells leave the heap in order of level, so the first edge cell out is the lowest way off.
        if (onEdge(i, w, h)) return level;
        forNeighbours(i, w, h, [&](std::size_t j) {
            if (seen[j]) return;
            seen[j] = 1;
            open.push({std::max(level, bedM[j]), j});
        });
    }
    return bedM[start];  // unreachable: every cell connects to the edge
}

std::size_t floodFrom(const std::vector<float>& bedM, std::vector<float>& depthM, int w, int h, int x, int y, float levelM) {
    assert(bedM.size() == depthM.size() && x >= 0 && y >= 0 && x < w && y < h);
    const std::size_t start = std::size_t(y) * std::size_t(w) + std::size_t(x);
    if (!(bedM[start] < levelM)) return 0;
    std::vector<std::uint8_t> seen(bedM.size(), 0);
    std::vector<std::size_t> stack{start};
    seen[start] = 1;
    std::size_t wetted = 0;
    while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
        depthM[i] = std::max(depthM[i], levelM - bedM[i]);
        ++wetted;
        forNeighbours(i, w, h, [&](std::size_t j) {
            if (seen[j] || !(bedM[j] < levelM)) return;
            seen[j] = 1;
            stack.push_back(j);
        });
    }
    return wetted;
}

std::size_t fillDepressions(const std::vector<float>& bedM, std::vector<float>& depthM, int w, int h, float belowSpillM,
                            float minDepthM) {
    assert(bedM.size() == depthM.size() && bedM.size() == std::size_t(w) * std::size_t(h));
    std::vector<std::uint8_t> seen(bedM.size(), 0);
    MinHeap open;
    for (std::size_t i = 0; i < bedM.size(); ++i)
        if (onEdge(i, w, h)) {
            open.push({bedM[i], i});
            seen[i] = 1;
        }
    std::size_t wetted = 0;
    while (!open.empty()) {
        const auto [level, i] = open.top();
        open.pop();
        // `level` is the lowest level at which water in cell i reaches the edge: its spill level.
        const float depth = level - belowSpillM - bedM[i];
        if (depth >= minDepthM && depth > 0) {
            depthM[i] = std::max(depthM[i], depth);
            ++wetted;
        }
        forNeighbours(i, w, h, [&](std::size_t j) {
            if (seen[j]) return;
            seen[j] = 1;
            open.push({std::max(level, bedM[j]), j});
        });
    }
    return wetted;
}

void drainPits(std::vector<float>& bedM, int w, int h, const std::vector<std::uint8_t>& outlet, float riseM) {
    assert(bedM.size() == std::size_t(w) * std::size_t(h) && outlet.size() == bedM.size());
    std::vector<std::uint8_t> seen(bedM.size(), 0);
    MinHeap open;
    for (std::size_t i = 0; i < bedM.size(); ++i)
        if (onEdge(i, w, h) || outlet[i]) {
            open.push({bedM[i], i});
            seen[i] = 1;
        }
    while (!open.empty()) {
        const auto [level, i] = open.top();
        open.pop();
        forNeighbours(i, w, h, [&](std::size_t j) {
            if (seen[j]) return;
            seen[j] = 1;
            // Reached from a cell at `level`: no lower than that, plus the rise, so it drains there.
            if (!outlet[j]) bedM[j] = std::max(bedM[j], level + riseM);
            open.push({bedM[j], j});
        });
    }
}

}  // namespace sluice::sim
