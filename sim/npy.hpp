#pragma once
// NumPy .npy files holding 2-D float32 arrays: the exchange format for terrain, depth and output fields.
// Layout: magic "\x93NUMPY", version byte pair, header length (u16 for v1, u32 for v2/v3), a Python dict
// literal header, then rows*cols little-endian float32 values in C (row-major) order.
#include <cstddef>
#include <filesystem>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// A 2-D float32 array in row-major order: element (r, c) is data[r * cols + c].
/// Invariant (for arrays returned by readNpy): rows > 0, cols > 0, data.size() == rows * cols.
struct NpyArray {
    int rows = 0, cols = 0;
    std::vector<float> data;
};

/// Reads a .npy file (format version 1.0, 2.0 or 3.0) holding a 2-D '<f4' C-order array. Checks the
/// magic, version, header length and padding, the dict keys descr/fortran_order/shape, and that the
/// file holds exactly rows*cols*4 bytes of data. Every error message starts with the path.
Result<NpyArray> readNpy(const std::filesystem::path& path);

/// Encodes a rows x cols float32 array (row-major, `data` holds rows*cols values) as a complete
/// version 1.0 .npy image. The header is space-padded and ends in '\n' so that the data starts at a
/// multiple of 64 bytes. Requires rows > 0 and cols > 0.
std::vector<std::byte> encodeNpy(const float* data, int rows, int cols);

/// Writes encodeNpy(data, rows, cols) to `path` atomically (see writeFileAtomic). Fails (naming
/// `path`) when rows or cols is not positive or the file cannot be written.
Result<void> writeNpy(const std::filesystem::path& path, const float* data, int rows, int cols);

}  // namespace sluice::sim
