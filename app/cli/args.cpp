#include "app/cli/args.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sluice::app {

CliArgs CliArgs::parse(int argc, char** argv, int first, const std::vector<std::string>& flags) {
    CliArgs a;
    for (int i = first; i < argc; ++i) {
        std::string s = argv[i];
        if (s.size() > 2 && s.rfind("--", 0) == 0) {
            const auto eq = s.find('=');
            std::string name = s, value;
            if (eq != std::string::npos) {
                name = s.substr(0, eq);
                value = s.substr(eq + 1);
            } else if (std::find(flags.begin(), flags.end(), s) == flags.end() && i + 1 < argc) {
                value = argv[++i];
            }
            a.options[name] = value;
            a.ordered.emplace_back(std::move(name), std::move(value));
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

std::vector<std::string> CliArgs::all(const std::string& name) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : ordered)
        if (n == name) out.push_back(v);
    return out;
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

Result<double> CliArgs::number(const std::string& name, double fallback, double lo, double hi) const {
    auto v = get(name);
    if (!v) return fallback;
    char* end = nullptr;
    const double out = std::strtod(v->c_str(), &end);
    if (v->empty() || end != v->c_str() + v->size() || !std::isfinite(out))
        return Error{name + ": expected a number, got '" + *v + "'"};
    if (out < lo || out > hi) {
        char range[64];
        std::snprintf(range, sizeof range, " is out of range (%g..%g)", lo, hi);
        return Error{name + ": " + *v + range};
    }
    return out;
}

Result<double> CliArgs::number(const std::string& name, double fallback, const sim::NumberRule& rule) const {
    auto v = get(name);
    if (!v) return fallback;
    return sim::parseNumber(*v, rule, name);
}

}  // namespace sluice::app
