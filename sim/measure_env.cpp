#include "sim/measure_env.hpp"

#include <cstdio>
#include <mutex>
#include <set>
#include <string>

namespace sluice::sim {

void warnIgnoredEnv(const char* name, const char* value, const char* accepted) {
    static std::mutex mutex;
    static std::set<std::string> warned;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!warned.insert(name).second) return;
    std::fprintf(stderr, "sluice: warning: %s=%s is not %s; ignored, the default is used\n", name, value, accepted);
}

}  // namespace sluice::sim
