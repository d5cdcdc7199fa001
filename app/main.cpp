// sluice: the interactive viewer when run without a verb, headless verbs otherwise. The verbs, their
// options and the help all come from one table (app/cli/verb_table.cpp).
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "app/cli/args.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"

namespace {

using namespace sluice::app;

/// A first argument that names no verb and does not look like a scene (a file that exists, a path, a
/// name with an extension, builtin:...) is a mistyped verb, not a scene file that cannot be opened.
bool looksLikeVerb(const std::string& arg) {
    if (arg.empty() || arg[0] == '-' || arg.rfind("builtin:", 0) == 0) return false;
    if (arg.find_first_of("./\\") != std::string::npos) return false;
    std::error_code ec;
    return !std::filesystem::exists(arg, ec);
}

int unknownVerb(const std::string& verb) {
    std::vector<std::string> names;
    for (const VerbSpec& v : verbTable())
        if (std::string(v.name) != "viewer") names.push_back(v.name);
    const auto guess = closestMatch(verb, names);
    std::cerr << "sluice: unknown verb '" << verb << "'" << (guess ? " (did you mean '" + *guess + "'?)" : std::string())
              << "\n`sluice help` lists the verbs.\n";
    return kExitUsage;
}

int help(int argc, char** argv) {
    if (argc <= 2) {
        std::cout << overviewHelp();
        return kExitOk;
    }
    const VerbSpec* verb = findVerb(argv[2]);
    if (!verb) return unknownVerb(argv[2]);
    std::cout << verbHelp(*verb);
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string verb = argc > 1 ? argv[1] : "";
    if (verb == "simulate") return runSimulate(argc, argv);
    if (verb == "bench") return runBench(argc, argv);
    if (verb == "info") return runInfo(argc, argv);
    if (verb == "render") return runRender(argc, argv);
    if (verb == "record") return runRecord(argc, argv);
    if (verb == "replay") return runReplay(argc, argv);
    if (verb == "sweep") return runSweep(argc, argv);
    if (verb == "export") return runExport(argc, argv);
    if (verb == "help" || verb == "--help" || verb == "-h") return help(argc, argv);
    if (verb == "--version") {
        std::cout << "sluice 0.1.0\n";
        return kExitOk;
    }
    if (looksLikeVerb(verb)) return unknownVerb(verb);
#ifdef SLUICE_HAS_WINDOW
    return runViewer(argc, argv);
#else
    std::cerr << "sluice: this build has no viewer (configured with SLUICE_WINDOW=OFF); `sluice help` lists the verbs\n";
    return kExitUsage;
#endif
}
