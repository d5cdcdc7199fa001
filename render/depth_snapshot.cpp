#include "render/depth_snapshot.hpp"

namespace sluice::render {

void DepthSnapshot::capture(const gl::Buffer& depth) {
    if (copy_.bytes() != depth.bytes() || !copy_) copy_ = gl::Buffer(depth.bytes());
    // The solver's last dispatch wrote `depth` from a shader: make that visible to the copy.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glCopyNamedBufferSubData(depth.id(), copy_.id(), 0, 0, GLsizeiptr(depth.bytes()));
}

}  // namespace sluice::render
