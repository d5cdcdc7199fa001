#include "sim/params.hpp"

namespace sluice::sim {

const char* toString(WaterModel model) { return model == WaterModel::Pipes ? "pipes" : "swe"; }

const char* toString(FrictionLaw law) { return law == FrictionLaw::Linear ? "linear" : "manning"; }

FrictionLaw defaultFrictionLaw(WaterModel model) {
    return model == WaterModel::Pipes ? FrictionLaw::Linear : FrictionLaw::Manning;
}

}  // namespace sluice::sim
