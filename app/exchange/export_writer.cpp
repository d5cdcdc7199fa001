#include "app/exchange/export_writer.hpp"

#include <algorithm>
#include <cstring>

#include <nlohmann/json.hpp>

#include "app/exchange/bodies_glb.hpp"
#include "app/output/output_dir.hpp"
#include "sim/atomic_file.hpp"
#include "sim/bodies/body_json.hpp"
#include "sim/exchange/exr_file.hpp"
#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/glb_file.hpp"
#include "sim/exchange/raw16.hpp"
#include "sim/exchange/rgba_png.hpp"
#include "sim/exchange/splat_maps.hpp"
#include "sim/exchange/water_maps.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"

namespace sluice::app {

namespace {

/// Everything derived once from the field and shared by the outputs that need it.
struct Derived {
    const sim::FieldSnapshot& f;
    const ExportContext& ctx;
    int meshStep;
    float minM = 0, maxM = 1;  ///< PNG16/RAW16 range: the bed's own (max = min + 1 m when flat)
    sim::CellVelocities velocity;
    std::vector<unsigned char> wet;

    Derived(const sim::FieldSnapshot& field, const ExportContext& c, int step)
        : f(field), ctx(c), meshStep(step), velocity(sim::cellVelocities(field)), wet(sim::wetMask(field)) {
        const auto [lo, hi] = std::minmax_element(f.terrainM.begin(), f.terrainM.end());
        minM = *lo;
        maxM = *hi > *lo ? *hi : *lo + 1.0f;
    }
};

std::vector<std::uint8_t> maskBytes(const std::vector<unsigned char>& m) {
    std::vector<std::uint8_t> out(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) out[i] = m[i] ? 255 : 0;
    return out;
}

/// The flow map's sidecar: how to turn the PNG back into metres per second.
nlohmann::json flowSidecar(const Derived& d) {
    return {{"max_speed_m_per_s", d.velocity.maxSpeedMS > 0 ? d.velocity.maxSpeedMS : 1.0f},
            {"encoding", "R = 0.5 + 0.5 * east / max_speed, G = 0.5 + 0.5 * north / max_speed (8-bit: 128 ~ zero)"},
            {"v_axis", "G grows north = up the image: V up as in Unity and Blender; flip G (1 - G) for Unreal and Godot, whose V grows down"},
            {"alpha", "255 wet, 0 dry"},
            {"cell_size_m", d.f.cellSizeM}};
}

Result<void> writeMeshes(OutputDir& out, const Derived& d, ExportReport& report) {
    const sim::FieldSnapshot& f = d.f;
    sim::GridMesh terrain = sim::buildGridMesh(f.terrainM.data(), f.width, f.height, f.cellSizeM, d.meshStep, nullptr);
    if (auto ok = sim::writeGlb(out.file("terrain.glb"), terrain, "terrain"); !ok) return ok;
    report.files.push_back("terrain.glb");
    if (!d.ctx.bodies.empty()) {  // in the terrain's frame, where the water left them
        if (auto ok = writeBodiesGlb(out.file("bodies.glb"), d.ctx.bodies); !ok) return ok;
        report.files.push_back("bodies.glb");
    }
    const std::vector<float> surface = sim::waterSurface(f);
    sim::GridMesh water = sim::buildGridMesh(surface.data(), f.width, f.height, f.cellSizeM, d.meshStep, d.wet.data());
    if (water.indices.empty()) {
        report.notes.push_back("water.glb not written: no four neighbouring kept vertices are wet");
        return {};
    }
    sim::addWaterAttributes(water, f.depthM.data(), d.velocity.eastMS.data(), d.velocity.northMS.data());
    if (auto ok = sim::writeGlb(out.file("water.glb"), water, "water"); !ok) return ok;
    report.files.push_back("water.glb");
    return {};
}

Result<void> writeOne(OutputDir& out, const ExportOutput& o, const Derived& d, ExportReport& report) {
    const sim::FieldSnapshot& f = d.f;
    const int W = f.width, H = f.height;
    const std::string layer = o.layer, format = o.format;
    const std::filesystem::path path = out.file(o.file);
    auto done = [&](Result<void> r, std::initializer_list<std::string> files) {
        if (r) report.files.insert(report.files.end(), files);
        return r;
    };
    if (layer == "mesh") return writeMeshes(out, d, report);
    if (layer == "terrain") {
        if (format == "png") return done(sim::writeHeightmapPng16(path, f.terrainM.data(), W, H, d.minM, d.maxM), {o.file});
        if (format == "raw16")
            return done(sim::writeRaw16(path, f.terrainM.data(), sim::Raw16Info{W, H, d.minM, d.maxM, f.cellSizeM}),
                        {o.file, std::string(o.file) + ".json"});
        if (format == "npy") return done(sim::writeNpy(path, f.terrainM.data(), H, W), {o.file});
        if (format == "exr") {
            const sim::ExrChannel c{"Y", f.terrainM.data()};
            return done(sim::writeExr(path, W, H, {&c, 1}), {o.file});
        }
        return done(sim::writeGeoTiff(path, f.terrainM.data(), W, H, f.cellSizeM, d.ctx.georeference.value_or(sim::GeoReference{})),
                    {o.file});
    }
    if (layer == "depth") {
        if (format == "npy") return done(sim::writeNpy(path, f.depthM.data(), H, W), {o.file});
        const sim::ExrChannel c{"Y", f.depthM.data()};
        return done(sim::writeExr(path, W, H, {&c, 1}), {o.file});
    }
    if (layer == "surface") {
        const std::vector<float> s = sim::waterSurface(f);
        const sim::ExrChannel c{"Y", s.data()};
        return done(sim::writeExr(path, W, H, {&c, 1}), {o.file});
    }
    if (layer == "wet") return done(sim::writePng8(path, maskBytes(d.wet), W, H, 1), {o.file});
    if (layer == "foam") return done(sim::writePng8(path, sim::foamMask(f, d.velocity, d.ctx.gravityMS2), W, H, 1), {o.file});
    if (layer == "splat") return done(sim::writePng8(path, sim::splatMapRgba(f), W, H, 4), {o.file});
    // flow
    if (format == "png") {
        if (auto ok = sim::writePng8(path, sim::flowMapRgba(d.velocity, d.wet), W, H, 4); !ok) return ok;
        return done(sim::writeFileAtomic(out.file("flow.json"), flowSidecar(d).dump(2) + "\n"), {o.file, "flow.json"});
    }
    const sim::ExrChannel channels[2] = {{"R", d.velocity.eastMS.data()}, {"G", d.velocity.northMS.data()}};
    return done(sim::writeExr(path, W, H, channels), {o.file});
}

}  // namespace

Result<ExportReport> writeExport(const std::filesystem::path& dir, const ExportRequest& request,
                                 const sim::FieldSnapshot& field, const ExportContext& context) {
    if (field.width <= 0 || field.height <= 0 || field.terrainM.size() != field.depthM.size())
        return Error{dir.string() + ": nothing to export (empty field)"};
    auto out = OutputDir::begin(dir);
    if (!out) return out.error();
    const Derived derived(field, context, std::max(1, request.meshStep));
    ExportReport report;
    for (const ExportOutput& o : request.outputs())
        if (auto ok = writeOne(*out, o, derived, report); !ok) return ok.error();  // the staging folder is dropped
    if (!context.bodies.empty()) {
        // As scene files give them: shape, size, density, position, orientation and motion, z up, metres.
        const nlohmann::json doc{{"frame", "x east, y north, z up, metres; orientation a quaternion [w, x, y, z]"},
                                 {"bodies", sim::bodiesToJson(context.bodies)}};
        if (auto ok = sim::writeFileAtomic(out->file("bodies.json"), doc.dump(2) + "\n"); !ok) return ok.error();
        report.files.push_back("bodies.json");
    }
    if (auto ok = out->commit(); !ok) return ok.error();
    return report;
}

}  // namespace sluice::app
