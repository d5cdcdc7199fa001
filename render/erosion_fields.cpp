#include "render/erosion_fields.hpp"

#include "render/render_layout.hpp"

namespace sluice::render {

void bindErosionFields(const ErosionInputs& e, const gl::Buffer& standIn) {
    const bool valid = e.valid();
    (valid ? *e.sediment : standIn).bindStorage(SLUICE_RBIND_SEDIMENT);
    (valid ? *e.soft : standIn).bindStorage(SLUICE_RBIND_SOFT);
    (valid ? *e.bedChange : standIn).bindStorage(SLUICE_RBIND_BED_CHANGE);
}

void setErosionUniforms(const gl::Program& p, const ErosionInputs& e) {
    const bool valid = e.valid();
    p.set("uErosion", valid ? 1 : 0);
    p.set("uSedimentOffset", valid ? e.sedimentOffset : 0);
    p.set("uSoftOffset", valid ? e.softOffset : 0);
    p.set("uBedChangeOffset", valid ? e.bedChangeOffset : 0);
}

}  // namespace sluice::render
