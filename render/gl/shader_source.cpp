#include "render/gl/shader_source.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sluice::gl {

struct EmbeddedShader {
    const char* path;
    const char* source;
};
extern const EmbeddedShader kEmbeddedShaders[];
extern const std::size_t kEmbeddedShaderCount;

Result<std::string> shaderFileText(const std::string& path) {
    if (const char* dir = std::getenv("SLUICE_SHADER_DIR")) {
        std::ifstream in(std::string(dir) + "/" + path, std::ios::binary);
        if (!in) return Error{std::string(dir) + "/" + path + ": cannot read shader (SLUICE_SHADER_DIR is set)"};
        std::ostringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    for (std::size_t i = 0; i < kEmbeddedShaderCount; ++i)
        if (path == kEmbeddedShaders[i].path) return std::string(kEmbeddedShaders[i].source);
    return Error{"shaders/" + path + ": no such embedded shader"};
}

namespace {

std::string directoryOf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// Appends `path` to out, resolving includes (each file once: include guards are implicit).
Result<void> appendFile(const std::string& path, ExpandedShader& out, int depth) {
    if (depth > 8) return Error{"shaders/" + path + ": #include nested too deeply"};
    for (const auto& seen : out.fileNames)
        if (seen == path) return {};
    auto text = shaderFileText(path);
    if (!text) return text.error();
    const int fileId = int(out.fileNames.size());
    out.fileNames.push_back(path);
    out.text += "#line 1 " + std::to_string(fileId) + "\n";
    std::istringstream lines(*text);
    std::string line;
    int lineNo = 0;
    while (std::getline(lines, line)) {
        ++lineNo;
        const auto first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line.compare(first, 8, "#include") == 0) {
            const auto q0 = line.find('"', first);
            const auto q1 = q0 == std::string::npos ? q0 : line.find('"', q0 + 1);
            if (q1 == std::string::npos)
                return Error{"shaders/" + path + ":" + std::to_string(lineNo) + ": malformed #include"};
            auto r = appendFile(directoryOf(path) + line.substr(q0 + 1, q1 - q0 - 1), out, depth + 1);
            if (!r) return r;
            out.text += "#line " + std::to_string(lineNo + 1) + " " + std::to_string(fileId) + "\n";
            continue;
        }
        // C++-only parts of shared headers are fenced by #ifdef __cplusplus and drop out in GLSL.
        out.text += line;
        out.text += '\n';
    }
    return {};
}

}  // namespace

Result<ExpandedShader> expandShader(const std::string& path, const std::string& defines) {
    ExpandedShader out;
    out.text = "#version 450 core\n" + defines + "\n";
    auto r = appendFile(path, out, 0);
    if (!r) return r.error();
    return out;
}

}  // namespace sluice::gl
