#pragma once
// Device copy bandwidth, the ceiling a memory-bound kernel is compared with (`sluice bench`), and
// how it depends on buffer size and placement (`sluice bench --copy-sweep`).
#include <cstddef>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// Bytes read + written per second by plain copies of one buffer into another.
struct CopyCeiling {
    double computeOne = 0, computeFour = 0, driver = 0;  ///< 1 / 4 vec4 per invocation; glCopyNamedBufferSubData
    double best() const;
};

/// Copies of `bytes` by compute kernels with 1 and 4 vec4 per invocation and by the driver, each
/// repeated until it takes minSeconds. Needs a current GL 4.5 context.
Result<CopyCeiling> measureCopy(std::size_t bytes, double minSeconds);

/// One buffer size of the sweep, bytes read + written per second (compute, 4 vec4 per invocation).
struct CopySweepRow {
    std::size_t bytes = 0;        ///< size of each of the two buffers
    double plain = 0;             ///< whole buffer, GL_DYNAMIC_STORAGE_BIT storage (as the solver's)
    double oneBuffer = 0;         ///< both ranges in one buffer of twice the size (0: more than a block binds)
    double window = 0;            ///< only the first windowBytes of the buffers (0: buffer not larger)
    std::size_t windowBytes = 0;
};

/// The copy at each size in `mebibytes`, in one context, so that the effect of buffer size, placement
/// and the range touched can be told apart. Copies whose buffer exceeds GL_MAX_SHADER_STORAGE_BLOCK_SIZE
/// are left out (0): a storage block cannot bind it whole.
Result<std::vector<CopySweepRow>> measureCopySweep(const std::vector<int>& mebibytes, double minSeconds);

}  // namespace sluice::app
