#pragma once
// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), used to detect corrupted snapshot files.
#include <cstddef>
#include <cstdint>
#include <span>

namespace sluice::sim {

/// CRC of `bytes`, continuing from `crc` (start with 0): crc32(b, crc32(a)) == crc32(a + b).
std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc = 0);

}  // namespace sluice::sim
