#include "app/cli_args.hpp"

#include <algorithm>
#include <charconv>

namespace sluice::app {

CliArgs CliArgs::parse(int argc, char** argv, int first, const std::vector<std::string>& flags) {
    CliArgs a;
    for (int i = first; i < argc; ++i) {
        std::string s = argv[i];
        if (s.size() > 2 && s.rfind("--", 0) == 0) {
            const auto eq = s.find('=');
            if (eq != std::string::npos) {
                a.options[s.substr(0, eq)] = s.substr(eq + 1);
            } else if (std::find(flags.begin(), flags.end(), s) != flags.end() || i + 1 >= argc) {
                a.options[s] = "";
            } else {
                a.options[s] = argv[++i];
            }
        } else {
            a.positional.push_back(s);
        }
    }
    return a;
}

std::optional<std::string> CliArgs::get(const std::string& name) const {
    auto it = options.find(name);
    if (it == options.end()) return std::nullopt;
    return it->second;
}

Result<void> CliArgs::check(const std::vector<std::string>& known) const {
    for (const auto& [name, value] : options)
        if (std::find(known.begin(), known.end(), name) == known.end()) return Error{"unknown option " + name};
    return {};
}

Result<long long> CliArgs::integer(const std::string& name, long long fallback, long long lo, long long hi) const {
    auto v = get(name);
    if (!v) return fallback;
    long long out = 0;
    const char* end = v->data() + v->size();
    auto [ptr, ec] = std::from_chars(v->data(), end, out);
    if (ec != std::errc() || ptr != end || v->empty())
        return Error{name + ": expected an integer, got '" + *v + "'"};
    if (out < lo || out > hi)
        return Error{name + ": " + *v + " is out of range (" + std::to_string(lo) + ".." + std::to_string(hi) + ")"};
    return out;
}

}  // namespace sluice::app
