#include "sim/text_file.hpp"

#include <fstream>
#include <sstream>

namespace sluice::sim {

Result<std::string> readTextFile(const std::filesystem::path& path, std::string_view what) {
    const std::string kind(what);
    try {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) return Error{path.string() + ": cannot open " + kind + " file: no such file"};
        if (std::filesystem::is_directory(path, ec)) return Error{path.string() + ": is a directory, expected a " + kind + " file"};
        std::ifstream in(path, std::ios::binary);
        if (!in) return Error{path.string() + ": cannot open " + kind + " file"};
        std::ostringstream ss;
        ss << in.rdbuf();
        if (in.bad()) return Error{path.string() + ": read error"};
        return ss.str();
    } catch (const std::exception& e) {
        return Error{path.string() + ": cannot read " + kind + " file: " + e.what()};
    }
}

Result<nlohmann::json> parseJsonText(std::string_view text, const std::string& file) {
    try {
        return nlohmann::json::parse(text.begin(), text.end(), nullptr, true, true);
    } catch (const nlohmann::json::exception& e) {
        // e.what() is "[json.exception.parse_error.101] parse error at line L, column C: ..." (or
        // out_of_range.406 "number overflow parsing '1e999'"); drop the tag.
        std::string what = e.what();
        const auto close = what.find("] ");
        if (what.rfind("[json.exception", 0) == 0 && close != std::string::npos) what = what.substr(close + 2);
        return Error{file + ": invalid JSON: " + what};
    }
}

}  // namespace sluice::sim
