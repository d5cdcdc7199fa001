#pragma once
// Whether this build has the formats that need libraries (EXR, GeoTIFF, glTF): CMake option
// SLUICE_EXCHANGE_FORMATS, off in the portable headless build. Without them every reader and writer
// of those formats returns kFormatsOffMessage naming the file.
namespace sluice::sim {

/// True when sim/exchange_libs/ is compiled in (OpenEXR, libtiff/libgeotiff, tinygltf linked).
bool exchangeLibraryFormatsAvailable();

/// The end of the error those formats return in a build without them.
inline constexpr const char* kFormatsOffMessage =
    "this build has no EXR/GeoTIFF/glTF support (configured with SLUICE_EXCHANGE_FORMATS=OFF, as the portable "
    "headless build is); use PNG16, RAW16 or .npy, or a build with the option on";

}  // namespace sluice::sim
