#pragma once
// Snapshot files (.sluice): the whole state of a run (terrain, depth, flows, parameters, boundaries,
// sources, drains, counters, ledger, camera) in one versioned, checksummed file. Loading one and
// stepping on the backend that saved it continues bit-identically to an uninterrupted run.
//
// Layout (little-endian):
//   0  char[8]  magic "SLUICESN"
//   8  u32      format version (kSnapshotVersion)
//   12 u32      length J of the JSON header
//   16 u64      length P of the payload (JSON header + array data) = file size - 32
//   24 u32      CRC-32 of the payload
//   28 u32      CRC-32 of bytes 0..27
//   32 JSON header (UTF-8, J bytes): name, grid, settings (scene format), run counters, ledger,
//      carries, camera, and the array table [{name, dtype "f4"|"i4", count, offset}] (offsets from
//      the end of the JSON header)
//   32+J array data
// A file that is truncated, has a flipped byte, an unknown version or inconsistent contents is
// rejected as a whole with a message naming the file; nothing is ever half-loaded.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gl/result.hpp"
#include "sim/scene.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

/// Version 6: the shallow-water model's face velocities (face_velocity_x / face_velocity_y, m/s) in
/// place of version 4's face depths, from which a load computes them as pass 2 would have.
/// Version 5 (issue 16): erosion's state when the run has one (arrays bed_base, bed_change_units,
/// soft_units, sediment_units, hardness; the "sediment" ledger section) and the erosion settings.
/// Version 4: the shallow-water model's face depths (face_depth_x / face_depth_y: the depth each
/// face's last transfer moved through; versions up to 3 derive them on load, sim/face_velocities.hpp).
/// Version 3 (issue 14): the water model in the settings, the depth before the last substep
/// (depth_prev_units, which the shallow-water model's velocities need), the Courant guard's
/// counters. Version 2: depth as int32 units, the ledger in units, the carries. Versions 1 and 2 load
/// as the pipe model with the linear friction law (all they knew); version 1's float depths and m^3
/// ledger are rounded to the nearest unit.
inline constexpr std::uint32_t kSnapshotVersion = 6;
inline constexpr std::uint32_t kOldestSnapshotVersion = 1;
inline constexpr std::size_t kSnapshotHeaderBytes = 32;

struct Snapshot {
    std::string name;                ///< scene name, for titles
    SolverState state;
    std::optional<ViewPose> camera;
    std::vector<ViewBookmark> bookmarks = {};  ///< optional: the viewer's bookmarked views, by slot
    std::optional<GeoReference> georeference = {};  ///< optional: the scene's place on a map (docs/EXCHANGE.md)
    std::vector<PlacedBody> bodies = {};  ///< optional: the bodies and their motion (docs/BODIES.md)
};

std::vector<std::byte> encodeSnapshot(const Snapshot& snapshot);
/// `file` prefixes every message.
Result<Snapshot> decodeSnapshot(std::span<const std::byte> bytes, const std::string& file);

/// Atomic write (temp file + rename): a failed save leaves the previous file as it was.
Result<void> writeSnapshotFile(const std::filesystem::path& path, const Snapshot& snapshot);
Result<Snapshot> readSnapshotFile(const std::filesystem::path& path);

/// True when the file starts with the snapshot magic (scene arguments may be either kind).
bool isSnapshotFile(const std::filesystem::path& path);

/// A scene that starts where the snapshot stands: its arrays, settings, camera, and `resume` set so
/// that solvers made from it restore the counters, flows and ledger too.
Scene sceneFromSnapshot(Snapshot snapshot);

}  // namespace sluice::sim
