#pragma once
// The water's tileable textures, generated at start-up (nothing downloaded): ripple slopes for the
// flow-advected detail normals, a foam pattern and the caustics those ripples focus onto a bed.
// Every wave vector is a whole number of cycles per tile, so the map repeats seamlessly.
#include <vector>

#include "gl/gl_objects.hpp"

namespace sluice::render {

/// size x size texels of RGBA (row-major, x fastest), deterministic:
/// - R, G: the negated height slope of the ripples (d/du, d/dv, at most 1 in magnitude: add to a
///   normal's x, y);
/// - B: a foam pattern (bubble cell walls and streaks) equalised to a uniform distribution on [0, 1],
///   so that `B > 1 - a` covers the fraction a of the tile;
/// - A: caustics, the light a flat sun casts through the ripples onto a bed below (photons displaced
///   by the slopes and gathered), divided by 4: mean 0.25, bright lines up to 1.
std::vector<float> makeWaterDetail(int size);

/// makeWaterDetail(size) as an RGBA16F texture, mipmapped (distant water does not shimmer), repeating.
/// Needs a current GL 4.5 context.
gl::Texture makeWaterDetailTexture(int size);

}  // namespace sluice::render
