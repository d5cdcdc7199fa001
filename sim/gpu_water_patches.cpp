// GpuSolver and the bodies: readWater, the water around them gathered on the GPU and read back at once
// (shaders/sim/gather_patches.comp), so a body step reads a few thousand cells, not the grid; and
// bodySummer, the water's forces on them summed on the GPU (sim/gpu_body_forces.hpp).
#include <cstring>
#include <iostream>

#include "sim/gpu_solver.hpp"
#include "sim/gpu_body_forces.hpp"
#include "sim/gpu_layout.hpp"

namespace sluice::sim {

std::vector<WaterPatch> GpuSolver::readWater(const std::vector<CellBox>& boxes) {
    std::vector<WaterPatch> out = sizedPatches(boxes);
    if (out.empty()) return out;
    const bool velocities = params_.model == WaterModel::Swe;
    const int stride = fieldLayout().stride();
    // Per box, four rectangles: bed, depth, x-faces, y-faces; each (source, base, the fields' stride,
    // first word) then (x0, y0, w, h), the words of each patch array in order.
    std::vector<std::int32_t> rects;
    rects.reserve(boxes.size() * 32);
    std::int64_t words = 0;
    const int faceXBase = velocities ? velocityAt(velHalf_) : 0;
    const int faceYBase = velocities ? velocityAt(velHalf_) + fieldSpan() : 0;
    for (const CellBox& b : boxes) {
        const std::int32_t parts[4][8] = {{0, 0, stride, 0, b.x0, b.y0, b.w, b.h},
                                          {1, 0, stride, 0, b.x0, b.y0, b.w, b.h},
                                          {2, faceXBase, stride, 0, b.x0, b.y0, b.w + 1, b.h},
                                          {3, faceYBase, stride, 0, b.x0, b.y0, b.w, b.h + 1}};
        for (const auto& part : parts) {
            rects.insert(rects.end(), part, part + 8);
            rects[rects.size() - 5] = std::int32_t(words);
            words += std::int64_t(part[6]) * part[7];
        }
    }
    const std::size_t rectBytes = rects.size() * 4, outBytes = std::size_t(words) * 4;
    if (gatherRects_.bytes() < rectBytes) gatherRects_ = gl::Buffer(rectBytes * 2);
    if (gatherOut_.bytes() < outBytes) gatherOut_ = gl::Buffer(outBytes * 2);
    gatherRects_.upload(rects.data(), rectBytes);
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    (velocities ? faceVelocity_ : flowX_[flow_]).bindStorage(SLUICE_BIND_FLOW_X);
    (velocities ? faceVelocity_ : flowY_[flow_]).bindStorage(SLUICE_BIND_FLOW_Y);
    gatherRects_.bindStorage(SLUICE_BIND_GATHER_RECTS);
    gatherOut_.bindStorage(SLUICE_BIND_GATHER_OUT);
    gather_.use();
    const int count = int(rects.size() / 8);
    constexpr int kMaxGroups = 65535;  // GL's guaranteed minimum of work groups along x
    for (int r0 = 0; r0 < count; r0 += kMaxGroups) {
        gather_.set("uRect0", r0);
        glDispatchCompute(GLuint(std::min(kMaxGroups, count - r0)), 1, 1);
    }
    std::vector<std::uint32_t> all(static_cast<std::size_t>(words));
    gatherOut_.download(all.data(), outBytes);
    std::size_t at = 0;
    const auto take = [&](void* dst, std::size_t n) {
        std::memcpy(dst, all.data() + at, n * 4);
        at += n;
    };
    for (WaterPatch& p : out) {
        take(p.bedM.data(), p.bedM.size());
        take(p.depthUnits.data(), p.depthUnits.size());
        take(p.faceX.data(), p.faceX.size());
        take(p.faceY.data(), p.faceY.size());
    }
    return out;
}

GpuSolver::~GpuSolver() = default;

BodySampleSummer* GpuSolver::bodySummer() {
    if (!bodyForces_ && !bodyForcesFailed_) {
        auto made = GpuBodyForces::create(exactDefines_);
        if (made) bodyForces_ = std::move(*made);
        else {
            bodyForcesFailed_ = true;
            std::cerr << "sluice: the bodies' forces stay on the CPU: " << made.error().message << "\n";
        }
    }
    return bodyForces_.get();
}

}  // namespace sluice::sim
