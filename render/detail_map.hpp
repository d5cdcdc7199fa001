#pragma once
// The water's tileable detail map, generated at start-up (nothing downloaded): a sum of sine waves
// whose wave vectors are whole numbers of cycles per tile, so the map repeats seamlessly.
#include <vector>

namespace sluice::render {

/// size x size texels of RGBA (row-major): R, G the negated height slope (d/du, d/dv, roughly unit
/// magnitude: add to a normal's x, y), B a foam noise in [0, 1], A = 1. Deterministic.
std::vector<float> makeDetailMap(int size);

}  // namespace sluice::render
