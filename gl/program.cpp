#include "gl/program.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <vector>

#include "gl/shader_source.hpp"

namespace sluice::gl {

namespace {

std::string legend(const ExpandedShader& s) {
    std::string out = " (source ids:";
    for (std::size_t i = 0; i < s.fileNames.size(); ++i) out += " " + std::to_string(i) + "=" + s.fileNames[i];
    return out + ")";
}

Result<GLuint> compileStage(GLenum stage, const std::string& path, const std::string& defines) {
    auto src = expandShader(path, defines);
    if (!src) return src.error();
    GLuint shader = glCreateShader(stage);
    const char* text = src->text.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &len);
        std::string log(std::size_t(len > 1 ? len : 1), '\0');
        glGetShaderInfoLog(shader, GLsizei(log.size()), nullptr, log.data());
        glDeleteShader(shader);
        return Error{"shaders/" + path + ": compile failed" + legend(*src) + ":\n" + log.c_str()};
    }
    return shader;
}

// SLUICE_DUMP_PROGRAMS=DIR writes each linked program's driver binary to DIR (for reading what the
// driver made of a kernel: NVIDIA's holds its assembly text). Names: the shader path, '/' -> '_',
// plus a hash of the #defines.
void dumpBinary(GLuint program, const std::string& what, const std::string& defines) {
    const char* dir = std::getenv("SLUICE_DUMP_PROGRAMS");
    if (!dir) return;
    GLint length = 0;
    glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
    if (length <= 0) return;
    std::vector<char> bytes(std::size_t(length), '\0');
    GLenum format = 0;
    glGetProgramBinary(program, length, nullptr, &format, bytes.data());
    std::string name = what;
    std::replace(name.begin(), name.end(), '/', '_');
    name += "-" + std::to_string(std::hash<std::string>{}(defines) % 100000) + ".bin";
    std::ofstream(std::string(dir) + "/" + name, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

Result<GLuint> link(const std::vector<GLuint>& shaders, const std::string& what) {
    GLuint program = glCreateProgram();
    for (GLuint s : shaders) glAttachShader(program, s);
    if (std::getenv("SLUICE_DUMP_PROGRAMS")) glProgramParameteri(program, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    glLinkProgram(program);
    for (GLuint s : shaders) glDeleteShader(s);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &len);
        std::string log(std::size_t(len > 1 ? len : 1), '\0');
        glGetProgramInfoLog(program, GLsizei(log.size()), nullptr, log.data());
        glDeleteProgram(program);
        return Error{"shaders/" + what + ": link failed:\n" + log.c_str()};
    }
    return program;
}

}  // namespace

Program::~Program() {
    if (id_) glDeleteProgram(id_);
}

Program& Program::operator=(Program&& o) noexcept {
    if (this != &o) {
        if (id_) glDeleteProgram(id_);
        id_ = std::exchange(o.id_, 0);
    }
    return *this;
}

Result<Program> Program::compute(const std::string& path, const std::string& defines) {
    auto cs = compileStage(GL_COMPUTE_SHADER, path, defines);
    if (!cs) return cs.error();
    auto id = link({*cs}, path);
    if (!id) return id.error();
    dumpBinary(*id, path, defines);
    return Program(*id);
}

Result<Program> Program::graphics(const std::string& vertexPath, const std::string& fragmentPath,
                                  const std::string& defines) {
    auto vs = compileStage(GL_VERTEX_SHADER, vertexPath, defines);
    if (!vs) return vs.error();
    auto fs = compileStage(GL_FRAGMENT_SHADER, fragmentPath, defines);
    if (!fs) {
        glDeleteShader(*vs);
        return fs.error();
    }
    auto id = link({*vs, *fs}, vertexPath + " + " + fragmentPath);
    if (!id) return id.error();
    return Program(*id);
}

void dispatchCovering(int nx, int ny, int gx, int gy) {
    glDispatchCompute(GLuint((nx + gx - 1) / gx), GLuint((ny + gy - 1) / gy), 1);
}

}  // namespace sluice::gl
