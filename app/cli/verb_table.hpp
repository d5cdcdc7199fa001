#pragma once
// Every verb of the command line and every option it takes, in one table: `sluice help`, `sluice help
// VERB` and `sluice VERB --help` print it, and each verb accepts exactly the options listed here
// (parseVerbArgs), so the help cannot leave an option out or list one the verb refuses.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/args.hpp"

namespace sluice::app {

struct OptionSpec {
    const char* name;   ///< "--steps"
    const char* value;  ///< placeholder for its value ("N"); nullptr for a flag
    const char* help;   ///< one or more lines, "\n" between them
};

struct VerbSpec {
    const char* name;      ///< "simulate"; "viewer" for `sluice [SCENE]`
    const char* synopsis;  ///< the arguments after `sluice VERB`
    const char* summary;   ///< one line for `sluice help`
    const char* details;   ///< paragraphs for `sluice VERB --help` (may be empty)
    std::vector<OptionSpec> options;
};

/// The verbs, in the order `sluice help` lists them (the viewer first).
const std::vector<VerbSpec>& verbTable();
const VerbSpec* findVerb(std::string_view name);

/// `sluice help`: every verb with its synopsis and summary, the exit codes and where the docs are.
std::string overviewHelp();
/// `sluice VERB --help`: synopsis, details, every option with its help, the exit codes.
std::string verbHelp(const VerbSpec& verb);
/// The table of exit codes shared by every verb (app/cli/args.hpp, ExitCode).
std::string exitCodeTable();

/// The candidate closest to `word` by edit distance when it is close enough to be a typo (at most a
/// third of its length, and at most 3 edits), for "did you mean ...?".
std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates);

/// Parses argv[first..argc) against `verb`'s options. With --help or -h anywhere, prints verbHelp to
/// stdout and returns nullopt with exitCode kExitOk; with an option the verb does not take, prints
/// "sluice VERB: unknown option --x (did you mean --y?)" and the synopsis to stderr and returns nullopt
/// with exitCode kExitUsage.
std::optional<CliArgs> parseVerbArgs(int argc, char** argv, int first, const VerbSpec& verb, int& exitCode);

/// parseVerbArgs for verbs that take exactly one SCENE (simulate, export): a missing or second
/// positional argument is a usage error (exitCode kExitUsage, message printed).
std::optional<CliArgs> parseSceneVerbArgs(int argc, char** argv, const VerbSpec& verb, int& exitCode);

/// Prints "sluice VERB: message" and the verb's synopsis to stderr; returns kExitUsage.
int verbUsageError(const VerbSpec& verb, const std::string& message);

}  // namespace sluice::app
