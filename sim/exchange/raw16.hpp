#pragma once
// RAW16 heightmaps (.r16 / .raw), the format terrain tools and engines trade: width*height
// little-endian uint16 levels, no header, rows in image order (row 0 = the NORTH edge), level 0..65535
// mapped linearly onto minM..maxM. Nothing in the file says its size or range, so the writer puts
// them in a JSON sidecar "FILE.json" (e.g. terrain.r16.json) that the reader uses when present.
#include <filesystem>
#include <optional>

#include "gl/result.hpp"
#include "sim/heightmap_png.hpp"

namespace sluice::sim {

/// What the sidecar records (and what a reader must be told when there is none).
struct Raw16Info {
    int width = 0, height = 0;
    float minM = 0, maxM = 0;  ///< metres of level 0 and level 65535
    float cellSizeM = 0;       ///< 0: unknown (a sidecar written by another tool may omit it)
};

/// The sidecar's path for a RAW16 file: the file's name with ".json" appended.
std::filesystem::path raw16SidecarPath(const std::filesystem::path& raw);

/// Writes heightsM (simulation order) as RAW16 over [minM, maxM] plus its sidecar, both atomically.
/// Fails (naming the file) on a non-positive size or a range that is not finite with maxM > minM.
Result<void> writeRaw16(const std::filesystem::path& path, const float* heightsM, const Raw16Info& info);

/// Reads a sidecar; errors name the sidecar and the missing or bad key.
Result<Raw16Info> readRaw16Sidecar(const std::filesystem::path& sidecar);

/// Reads a RAW16 file into simulation order. Size and range come from `given` when set, else from the
/// sidecar; either way the file must hold exactly width*height*2 bytes ("is 1000 bytes, 16x16 RAW16
/// needs 512"). Errors name the file.
Result<HeightImage> readRaw16(const std::filesystem::path& path, const std::optional<Raw16Info>& given);

}  // namespace sluice::sim
