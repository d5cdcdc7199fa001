#include "sim/number_rules.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace sluice::sim {

namespace {

std::string withUnit(double v, const char* unit) {
    return formatNumber(v) + (unit && *unit ? std::string(" ") + unit : std::string());
}

bool aboveMin(double v, const NumberRule& r) { return r.minOpen ? v > r.min : v >= r.min; }
bool belowMax(double v, const NumberRule& r) { return r.maxOpen ? v < r.max : v <= r.max; }

/// "a number in [0, 1)", "an integer in 1..4096".
std::string intervalText(const NumberRule& r) {
    if (r.integer) return "an integer in " + formatNumber(r.min) + ".." + formatNumber(r.max);
    return std::string("a number in ") + (r.minOpen ? "(" : "[") + formatNumber(r.min) + ", " + formatNumber(r.max) +
           (r.maxOpen ? ")" : "]");
}

/// The lower-bound phrase of a Bounds rule: "a positive finite number", "a finite number >= 0".
std::string lowerText(const NumberRule& r) {
    if (r.min == -r.max) return "a finite number";
    if (r.min == 0) return r.minOpen ? "a positive finite number" : "a finite number >= 0";
    return std::string("a finite number ") + (r.minOpen ? "> " : ">= ") + formatNumber(r.min);
}

}  // namespace

std::string formatNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    // Whole numbers below 10^15 as integers ("100000", not "1e+05"): limits read as written.
    if (std::floor(v) == v && std::fabs(v) < 1e15) return std::to_string((long long)v);
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    return std::string(buf, r.ptr);
}

std::optional<std::string> ruleProblem(double v, const NumberRule& r) {
    const std::string got = " (got " + formatNumber(v) + ")";
    if (r.integer) {
        if (!std::isfinite(v) || std::floor(v) != v) return "expected an integer, got " + formatNumber(v);
        if (!aboveMin(v, r) || !belowMax(v, r)) return "must be " + intervalText(r) + got;
        return std::nullopt;
    }
    const bool ok = std::isfinite(v) && aboveMin(v, r) && belowMax(v, r);
    if (ok) return std::nullopt;
    if (r.style == RuleStyle::Interval) return "must be " + intervalText(r) + got;
    if (!std::isfinite(v) || !aboveMin(v, r)) {
        if (r.min == -r.max && std::isfinite(v))  // symmetric range: a finite value outside it
            return "must be in [" + withUnit(r.min, "") + ", " + withUnit(r.max, r.unit) + "]" + got;
        return "must be " + lowerText(r) + got;
    }
    return std::string("must be ") + (r.maxOpen ? "less than " : "at most ") + withUnit(r.max, r.unit) + got;
}

Result<double> checkNumber(double v, const NumberRule& rule, std::string_view where) {
    if (auto problem = ruleProblem(v, rule)) return Error{std::string(where) + ": " + *problem};
    return v;
}

Result<double> parseNumber(std::string_view text, const NumberRule& rule, std::string_view where) {
    const std::string s(text);
    const auto bad = [&]() {
        return Error{std::string(where) + ": expected " + (rule.integer ? "an integer" : "a number") + ", got '" + s + "'"};
    };
    if (s.empty() || std::isspace(static_cast<unsigned char>(s.front()))) return bad();
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return bad();
    if (rule.integer && (!std::isfinite(v) || std::floor(v) != v)) return bad();
    return checkNumber(v, rule, where);
}

Result<void> checkField(const std::vector<float>& values, int width, const NumberRule& rule, std::string_view source) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto problem = ruleProblem(double(values[i]), rule);
        if (!problem) continue;
        const std::size_t w = std::size_t(width > 0 ? width : 1);
        return Error{std::string(source) + " has an invalid value (" + formatNumber(values[i]) + ") at index " +
                     std::to_string(i) + " (row " + std::to_string(i / w) + ", column " + std::to_string(i % w) +
                     "): " + *problem};
    }
    return {};
}

}  // namespace sluice::sim
