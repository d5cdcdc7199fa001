#include "render/chunk_bounds_reader.hpp"

#include <algorithm>
#include <cstring>

#include "render/render_layout.hpp"

namespace sluice::render {

Result<ChunkBoundsReader> ChunkBoundsReader::create() {
    auto program = gl::Program::compute("render/chunk_bounds.comp");
    if (!program) return program.error();
    ChunkBoundsReader r;
    r.program_ = std::move(*program);
    return r;
}

const std::vector<ChunkBounds>& ChunkBoundsReader::update(const RenderInputs& in) {
    static_assert(sizeof(ChunkBounds) == 16, "ChunkBounds mirrors the shader's vec4");
    const int cx = chunkCount(in.width), cy = chunkCount(in.height);
    const std::size_t bytes = std::size_t(cx) * std::size_t(cy) * sizeof(ChunkBounds);
    ++frame_;
    if (cx != chunksX_ || cy != chunksY_ || !gpuBounds_) {
        chunksX_ = cx;
        chunksY_ = cy;
        gpuBounds_ = gl::Buffer(bytes);
        gpuHashes_ = gl::Buffer(std::size_t(cx) * std::size_t(cy) * sizeof(std::uint32_t));
        ring_ = gl::AsyncReadback(bytes, kSlots);
        firstFrame_ = frame_;
    }

    in.terrain->bindStorage(SLUICE_RBIND_TERRAIN);
    in.depth->bindStorage(SLUICE_RBIND_DEPTH);
    (in.previousDepth ? in.previousDepth : in.depth)->bindStorage(SLUICE_RBIND_PREVIOUS_DEPTH);
    gpuBounds_.bindStorage(SLUICE_RBIND_CHUNK_BOUNDS);
    gpuHashes_.bindStorage(SLUICE_RBIND_CHUNK_HASH);
    program_.set("uGrid", in.width, in.height);
    program_.set("uFieldLayout", int(in.fieldOrder));
    program_.set("uChunkCells", kChunkCells);
    program_.set("uChunkCount", cx, cy);
    program_.use();
    glDispatchCompute(GLuint(cx), GLuint(cy), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the shader's writes, visible to the copy
    ring_.request(int(frame_ % kSlots), gpuBounds_, frame_);

    // Pick the result: the forced age, or the newest landed one no older than kMaxLagFrames, waiting
    // for the oldest allowed one only when none has landed.
    const std::uint64_t held = std::min<std::uint64_t>(frame_ - firstFrame_, kSlots - 1);  // older frames held
    int slot = -1;
    if (forcedLag_ >= 0) {
        const std::uint64_t age = std::min<std::uint64_t>(std::uint64_t(forcedLag_), held);
        slot = int((frame_ - age) % kSlots);
        ring_.ready(slot, true);
    } else {
        const std::uint64_t oldest = std::min<std::uint64_t>(kMaxLagFrames, held);
        for (std::uint64_t age = 0; age <= oldest && slot < 0; ++age)
            if (ring_.ready(int((frame_ - age) % kSlots), false)) slot = int((frame_ - age) % kSlots);
        if (slot < 0) {
            slot = int((frame_ - oldest) % kSlots);
            ring_.ready(slot, true);
        }
    }
    lag_ = int(frame_ - ring_.tag(slot));

    std::vector<ChunkBounds> raw(std::size_t(cx) * std::size_t(cy));
    std::memcpy(raw.data(), ring_.data(slot), bytes);
    minBed_ = 1e30f;
    maxBed_ = -1e30f;
    for (const ChunkBounds& b : raw) {
        minBed_ = std::min(minBed_, b.minBedM);
        maxBed_ = std::max(maxBed_, b.maxBedM);
    }
    if (!(maxBed_ > minBed_)) maxBed_ = minBed_ + 1.0f;
    used_ = conservativeBounds(raw, cx, cy, lag_, kPadPerFrameM);
    return used_;
}

}  // namespace sluice::render
