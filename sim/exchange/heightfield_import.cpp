#include "sim/exchange/heightfield_import.hpp"

#include <cctype>
#include <cmath>
#include <string>

#include "sim/exchange/exr_file.hpp"
#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/raw16.hpp"
#include "sim/exchange/resample.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"

namespace sluice::sim {

namespace {

std::string sizeText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

std::string lowerExtension(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

Result<void> checkRange(const std::string& name, const HeightfieldRequest& r, const char* format) {
    if (!r.minM || !r.maxM)
        return Error{name + ": a " + std::string(format) + " heightmap needs a height range (FILE:MIN:MAX, or min/max in the scene)"};
    if (!(std::isfinite(*r.minM) && std::isfinite(*r.maxM) && *r.minM < *r.maxM))
        return Error{name + ": height range must have min < max (got " + std::to_string(*r.minM) + ", " +
                     std::to_string(*r.maxM) + ")"};
    return {};
}

/// Reads the file as its extension says, without size checks.
Result<ImportedHeightfield> readAny(const std::filesystem::path& file, const HeightfieldRequest& r) {
    const std::string name = file.string(), ext = lowerExtension(file);
    ImportedHeightfield out;
    auto take = [&](HeightImage&& img) {
        out.width = img.width;
        out.height = img.height;
        out.heightsM = std::move(img.heightsM);
    };
    if (ext == ".npy") {
        auto a = readNpy(file);
        if (!a) return a.error();
        out.width = a->cols;
        out.height = a->rows;
        out.heightsM = std::move(a->data);
    } else if (ext == ".png") {
        if (auto ok = checkRange(name, r, "PNG"); !ok) return ok.error();
        auto img = loadHeightmapPng(file, *r.minM, *r.maxM);
        if (!img) return img.error();
        take(std::move(*img));
    } else if (ext == ".r16" || ext == ".raw") {
        std::optional<Raw16Info> given;
        std::error_code ec;
        const bool rangeGiven = r.minM && r.maxM && *r.minM < *r.maxM;
        if (!std::filesystem::exists(raw16SidecarPath(file), ec) || rangeGiven) {
            // No sidecar, or the caller's range wins: the grid gives the size.
            if (auto ok = checkRange(name, r, "RAW16"); !ok) return ok.error();
            if (r.width <= 0 || r.height <= 0)
                return Error{name + ": a RAW16 heightmap without a sidecar (" + raw16SidecarPath(file).filename().string() +
                             ") needs the grid's width and height"};
            given = Raw16Info{r.width, r.height, *r.minM, *r.maxM, 0.0f};
            if (auto side = readRaw16Sidecar(raw16SidecarPath(file)); side) {
                given->width = side->width;  // the sidecar knows the file's size even when the range is overridden
                given->height = side->height;
                out.cellSizeM = side->cellSizeM;
            }
        } else {
            auto side = readRaw16Sidecar(raw16SidecarPath(file));
            if (!side) return side.error();
            out.cellSizeM = side->cellSizeM;
        }
        auto img = readRaw16(file, given);
        if (!img) return img.error();
        take(std::move(*img));
    } else if (ext == ".exr") {
        auto img = readExrHeights(file);
        if (!img) return img.error();
        take(std::move(*img));
    } else if (ext == ".tif" || ext == ".tiff") {
        auto g = readGeoTiff(file);
        if (!g) return g.error();
        take(std::move(g->image));
        if (g->georeferenced) {
            // Pixel sizes become float cell sizes: refuse what no DEM has (and what float cannot hold).
            if (!(g->cellSizeXM <= 1e6 && g->cellSizeYM <= 1e6))
                return Error{name + ": pixel size " + std::to_string(g->cellSizeXM) + " x " + std::to_string(g->cellSizeYM) +
                             " m is beyond 1e6 m"};
            if (std::abs(g->cellSizeXM - g->cellSizeYM) > 1e-6 * g->cellSizeXM && !r.resample)
                return Error{name + ": pixels are " + std::to_string(g->cellSizeXM) + " x " + std::to_string(g->cellSizeYM) +
                             " m; Sluice cells are square (resample it to the grid, or gdalwarp -tr)"};
            out.cellSizeM = float(g->cellSizeXM);
            out.georeference = g->geo;
        }
    } else {
        return Error{name + ": expected a " + std::string(heightfieldExtensions()) + " heightmap"};
    }
    return out;
}

}  // namespace

const char* heightfieldExtensions() { return ".png, .r16, .raw, .exr, .tif, .tiff or .npy"; }

Result<ImportedHeightfield> importHeightfield(const std::filesystem::path& file, const HeightfieldRequest& request) {
    const std::string name = file.string();
    auto got = readAny(file, request);
    if (!got) return got.error();
    ImportedHeightfield& out = *got;
    for (std::size_t i = 0; i < out.heightsM.size(); ++i)
        if (!std::isfinite(out.heightsM[i]))
            return Error{name + ": non-finite height at x=" + std::to_string(i % std::size_t(out.width)) +
                         ", y=" + std::to_string(i / std::size_t(out.width))};
    const bool sized = request.width > 0 && request.height > 0;
    if (sized && (out.width != request.width || out.height != request.height)) {
        if (!request.resample)
            return Error{name + ": heightmap is " + sizeText(out.width, out.height) + ", the grid is " +
                         sizeText(request.width, request.height)};
        // The extent stays: the new cells are wider by the size ratio (x decides; y follows when square).
        if (out.cellSizeM > 0) out.cellSizeM *= float(out.width) / float(request.width);
        out.heightsM = resampleBilinear(out.heightsM, out.width, out.height, request.width, request.height);
        out.width = request.width;
        out.height = request.height;
    }
    return std::move(out);
}

}  // namespace sluice::sim
