#pragma once
// Minimal command-line parsing for the verbs: positional arguments and --name value / --flag options.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gl/result.hpp"
#include "sim/number_rules.hpp"

namespace sluice::app {

/// Parsed arguments of one verb. Options given that the verb does not know are reported by check().
struct CliArgs {
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;  ///< "--steps" -> "100"; flags map to ""; the last one wins
    /// Every option in command-line order, repeats included (for options that may be given more than once).
    std::vector<std::pair<std::string, std::string>> ordered;

    /// Parses argv[first..argc). `flags` lists options that take no value.
    static CliArgs parse(int argc, char** argv, int first, const std::vector<std::string>& flags);
    bool has(const std::string& name) const { return options.count(name) != 0; }
    std::optional<std::string> get(const std::string& name) const;
    /// Values of every occurrence of a repeatable option, in command-line order.
    std::vector<std::string> all(const std::string& name) const;
    /// Error if any option is not in `known`.
    Result<void> check(const std::vector<std::string>& known) const;
    /// Integer option in [lo, hi]; error names the option.
    Result<long long> integer(const std::string& name, long long fallback, long long lo, long long hi) const;
    /// Real-number option in [lo, hi]; error names the option.
    Result<double> number(const std::string& name, double fallback, double lo, double hi) const;
    /// Number option under a documented rule (sim/number_rules.hpp); error names the option.
    Result<double> number(const std::string& name, double fallback, const sim::NumberRule& rule) const;
};

/// Exit codes shared by all verbs (all below 128 so shells never mistake them for signals).
enum ExitCode : int {
    kExitOk = 0,
    kExitBadInput = 1,   ///< scene/file/parameter problems
    kExitUsage = 2,      ///< wrong command line
    kExitNoGpu = 3,      ///< no usable GL context / GPU resources
    kExitWriteFailed = 4,
};

}  // namespace sluice::app
