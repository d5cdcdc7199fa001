#include "app/exchange/export_request.hpp"

#include <sstream>

#include "sim/exchange/library_formats.hpp"

namespace sluice::app {

namespace {

const char* const kLayers[] = {"terrain", "depth", "surface", "wet", "foam", "flow", "splat", "mesh"};
const char* const kFormats[] = {"png", "raw16", "npy", "exr", "geotiff", "glb"};

template <std::size_t N>
Result<std::set<std::string>> parseList(const std::string& option, const std::string& text, const char* const (&valid)[N],
                                        bool libraries) {
    std::set<std::string> out;
    std::string all;
    for (const char* v : valid) all += (all.empty() ? "" : ", ") + std::string(v);
    if (text.empty()) {
        for (const char* v : valid)
            if (libraries || !isLibraryFormat(v)) out.insert(v);
        return out;
    }
    std::stringstream list(text);
    for (std::string word; std::getline(list, word, ',');) {
        bool known = false;
        for (const char* v : valid) known = known || word == v;
        if (!known) return Error{option + ": unknown '" + word + "' (valid: " + all + ")"};
        if (isLibraryFormat(word) && !libraries) return Error{option + ": " + word + ": " + sim::kFormatsOffMessage};
        out.insert(word);
    }
    return out;
}

}  // namespace

const std::vector<ExportOutput>& exportTable() {
    static const std::vector<ExportOutput> table = {
        {"terrain", "png", "terrain.png"},     {"terrain", "raw16", "terrain.r16"}, {"terrain", "npy", "terrain.npy"},
        {"terrain", "exr", "terrain.exr"},     {"terrain", "geotiff", "terrain.tif"}, {"depth", "npy", "depth.npy"},
        {"depth", "exr", "depth.exr"},         {"surface", "exr", "surface.exr"},   {"wet", "png", "wet.png"},
        {"foam", "png", "foam.png"},           {"flow", "png", "flow.png"},         {"flow", "exr", "flow.exr"},
        {"splat", "png", "splat.png"},         {"mesh", "glb", "terrain.glb"},
    };
    return table;
}

bool isLibraryFormat(const std::string& format) { return format == "exr" || format == "geotiff" || format == "glb"; }

std::vector<ExportOutput> ExportRequest::outputs() const {
    std::vector<ExportOutput> out;
    for (const ExportOutput& o : exportTable())
        if (layers.count(o.layer) && formats.count(o.format)) out.push_back(o);
    return out;
}

Result<ExportRequest> parseExportRequest(const std::string& what, const std::string& format, int meshStep) {
    const bool libraries = sim::exchangeLibraryFormatsAvailable();
    ExportRequest r;
    r.meshStep = meshStep;
    // Layers are never library-only: pass `true` so that none is dropped from the default.
    auto layers = parseList("--what", what, kLayers, true);
    if (!layers) return layers.error();
    auto formats = parseList("--format", format, kFormats, libraries);
    if (!formats) return formats.error();
    r.layers = std::move(*layers);
    r.formats = std::move(*formats);
    if (r.outputs().empty())
        return Error{"--what " + (what.empty() ? std::string("(all)") : what) + " --format " +
                     (format.empty() ? std::string("(all)") : format) +
                     ": no output has that layer in that format (docs/EXCHANGE.md lists the pairs)"};
    return r;
}

}  // namespace sluice::app
