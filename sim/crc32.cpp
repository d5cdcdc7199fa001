#include "sim/crc32.hpp"

#include <array>

namespace sluice::sim {

namespace {
// Slicing-by-4 tables: four bytes per step keeps a 256 MiB snapshot's checksum well under a second.
constexpr std::array<std::array<std::uint32_t, 256>, 4> makeTables() {
    std::array<std::array<std::uint32_t, 256>, 4> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (std::uint32_t i = 0; i < 256; ++i)
        for (int s = 1; s < 4; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFFu];
    return t;
}
constexpr auto kTables = makeTables();
}  // namespace

std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc) {
    std::uint32_t c = ~crc;
    std::size_t i = 0;
    const std::size_t n = bytes.size();
    for (; i + 4 <= n; i += 4) {
        c ^= std::uint32_t(bytes[i]) | std::uint32_t(bytes[i + 1]) << 8 | std::uint32_t(bytes[i + 2]) << 16 |
             std::uint32_t(bytes[i + 3]) << 24;
        c = kTables[3][c & 0xFFu] ^ kTables[2][(c >> 8) & 0xFFu] ^ kTables[1][(c >> 16) & 0xFFu] ^ kTables[0][c >> 24];
    }
    for (; i < n; ++i) c = kTables[0][(c ^ std::uint32_t(bytes[i])) & 0xFFu] ^ (c >> 8);
    return ~c;
}

}  // namespace sluice::sim
