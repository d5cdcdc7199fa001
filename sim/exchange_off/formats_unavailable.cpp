// The library formats in a build without them (SLUICE_EXCHANGE_FORMATS=OFF): every call fails with
// a message naming the file and the option, so verbs and scene files explain rather than crash.
#include "sim/exchange/exr_file.hpp"
#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/glb_file.hpp"
#include "sim/exchange/library_formats.hpp"

namespace sluice::sim {

namespace {
Error unavailable(const std::filesystem::path& path) { return Error{path.string() + ": " + kFormatsOffMessage}; }
}  // namespace

bool exchangeLibraryFormatsAvailable() { return false; }

Result<void> writeExr(const std::filesystem::path& path, int, int, std::span<const ExrChannel>) { return unavailable(path); }
Result<HeightImage> readExrHeights(const std::filesystem::path& path) { return unavailable(path); }
Result<void> writeGeoTiff(const std::filesystem::path& path, const float*, int, int, double, const GeoReference&) {
    return unavailable(path);
}
Result<GeoRaster> readGeoTiff(const std::filesystem::path& path) { return unavailable(path); }
Result<void> writeGlb(const std::filesystem::path& path, const GridMesh&, const std::string&) { return unavailable(path); }
Result<void> writeGlbScene(const std::filesystem::path& path, const std::vector<GlbMesh>&, const std::vector<GlbNode>&) {
    return unavailable(path);
}

}  // namespace sluice::sim
