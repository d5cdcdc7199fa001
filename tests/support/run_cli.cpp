#include "tests/support/run_cli.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace sluice::test {

const char* sluiceBinary() { return SLUICE_BINARY; }

CliRun runSluice(const std::string& args, const std::string& env) {
    return runCommand((env.empty() ? std::string() : "env " + env + " ") + "'" + SLUICE_BINARY + "' " + args);
}

CliRun runCommand(const std::string& commandLine) {
    CliRun r;
    const std::string cmd = commandLine + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

CliRun probeVideo(const std::string& file) {
    return runCommand("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                      "stream=codec_name,width,height,nb_read_frames -of csv=p=0 '" + file + "'");
}

}  // namespace sluice::test
