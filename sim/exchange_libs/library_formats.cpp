#include "sim/exchange/library_formats.hpp"

namespace sluice::sim {

bool exchangeLibraryFormatsAvailable() { return true; }

}  // namespace sluice::sim
