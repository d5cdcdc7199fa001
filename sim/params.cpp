#include "sim/params.hpp"

namespace sluice::sim {

const char* toString(BoundaryKind kind) {
    switch (kind) {
        case BoundaryKind::Wall: return "wall";
        case BoundaryKind::Open: return "open";
        case BoundaryKind::Inflow: return "inflow";
    }
    return "?";
}

}  // namespace sluice::sim
