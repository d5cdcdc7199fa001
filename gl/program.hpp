#pragma once
// Move-only RAII wrapper of a GL program. Compile errors come back as a Result naming the files.
#include <glad/gl.h>

#include <string>
#include <utility>

#include "gl/result.hpp"

namespace sluice::gl {

/// A linked GL program (compute, or vertex + fragment). Empty by default.
class Program {
public:
    Program() = default;
    ~Program();
    Program(Program&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Program& operator=(Program&& o) noexcept;
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;

    /// Compiles and links a compute shader from shaders/<path>, with extra #defines.
    static Result<Program> compute(const std::string& path, const std::string& defines = {});
    /// Compiles and links a vertex + fragment pair.
    static Result<Program> graphics(const std::string& vertexPath, const std::string& fragmentPath,
                                    const std::string& defines = {});

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void use() const { glUseProgram(id_); }
    GLint location(const char* name) const { return glGetUniformLocation(id_, name); }
    void set(const char* name, float v) const { glProgramUniform1f(id_, location(name), v); }
    void set(const char* name, int v) const { glProgramUniform1i(id_, location(name), v); }
    void set(const char* name, unsigned v) const { glProgramUniform1ui(id_, location(name), v); }
    void set(const char* name, float x, float y) const { glProgramUniform2f(id_, location(name), x, y); }
    void set(const char* name, int x, int y) const { glProgramUniform2i(id_, location(name), x, y); }

private:
    explicit Program(GLuint id) : id_(id) {}
    GLuint id_ = 0;
};

/// Dispatches enough work groups of size (gx, gy) to cover (nx, ny) invocations.
void dispatchCovering(int nx, int ny, int gx, int gy);

}  // namespace sluice::gl
