#include "app/sweep/sweep_params.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>

#include "sim/number_rules.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

const char* const kSweepParameterHelp =
    "  dt           step length, s (0, 3600]           gravity      m/s^2 (0, 100]\n"
    "  manning_n    Manning's n, s/m^(1/3) [0, 1]     friction     linear law: flow lost per s, [0, 1)\n"
    "  viscosity    m^2/s (>= 0)\n"
    "  rain         m/s (>= 0)                        evaporation  m/s (>= 0)\n"
    "  courant      CFL target, (0, 1]\n"
    "  source.rate  m^3/s of every rate-mode source   sourceN.rate m^3/s of source N (0-based)\n"
    "  drain.rate   m^3/s of every rate-mode drain    drainN.rate  m^3/s of drain N\n"
    "  erosion.enabled     0 (off) or 1 (on)          erosion.time_scale  erosion s per water s, (0, 1e6]\n"
    "  erosion.capacity    s [0, 1e4]                 erosion.thin_depth  m (0, 1024]\n"
    "  erosion.dissolve, erosion.deposit, erosion.thermal_rate       1/s [0, 1e4]\n"
    "  erosion.talus_angle, erosion.wet_talus_angle                  degrees (0, 90)\n"
    "  erosion.min_slope, erosion.soft_hardness, erosion.rock_hardness  [0, 1]\n"
    "  erosion.soft_thickness  m [0, 1024] (the soft layer erosion sets up; docs/EROSION.md)\n";

namespace {

/// Accepted values of one parameter: the scene loader's rule for the same field (sim/number_rules.hpp),
/// and how the rule reads in a message.
struct Range {
    const sim::NumberRule* rule;
    const char* text;
    bool contains(double v) const { return !sim::ruleProblem(v, *rule); }
};

/// A float of SimParams, directly or in its erosion object (exactly one of the two is set).
struct ScalarParam {
    const char* name;
    float sim::SimParams::*field;
    Range range;
    float sim::ErosionParams::*erosionField = nullptr;
    float& in(sim::SimParams& p) const { return field ? p.*field : p.erosion.*erosionField; }
};

/// Erosion's ("erosion.KEY": the keys of a scene's "erosion" object, docs/EROSION.md) as a table row.
constexpr ScalarParam erosionParam(const char* name, float sim::ErosionParams::*field, const sim::NumberRule& rule,
                                   const char* text) {
    return ScalarParam{name, nullptr, {&rule, text}, field};
}

const ScalarParam kScalarParams[] = {
    {"dt", &sim::SimParams::dtSeconds, {&sim::rules::kDtSeconds, "a positive number of at most 3600 s"}},
    {"gravity", &sim::SimParams::gravity, {&sim::rules::kGravity, "a positive number of at most 100 m/s^2"}},
    {"friction", &sim::SimParams::friction, {&sim::rules::kFriction, "a number in [0, 1)"}},
    {"manning_n", &sim::SimParams::manningN, {&sim::rules::kManningN, "a number in [0, 1] s/m^(1/3)"}},
    {"viscosity", &sim::SimParams::viscosity, {&sim::rules::kViscosity, "a number >= 0 of at most 1e6 m^2/s"}},
    {"rain", &sim::SimParams::rainMPerS, {&sim::rules::kRainMPerS, "a number >= 0 of at most 1 m/s"}},
    {"evaporation", &sim::SimParams::evaporationMPerS, {&sim::rules::kEvaporationMPerS, "a number >= 0 of at most 1 m/s"}},
    {"courant", &sim::SimParams::courantTarget, {&sim::rules::kCourant, "a number in (0, 1]"}},
    erosionParam("erosion.capacity", &sim::ErosionParams::capacity, sim::rules::kErosionCapacityS,
                 "a number >= 0 of at most 1e4 s"),
    erosionParam("erosion.dissolve", &sim::ErosionParams::dissolve, sim::rules::kErosionRatePerS,
                 "a number >= 0 of at most 1e4 1/s"),
    erosionParam("erosion.deposit", &sim::ErosionParams::deposit, sim::rules::kErosionRatePerS,
                 "a number >= 0 of at most 1e4 1/s"),
    erosionParam("erosion.talus_angle", &sim::ErosionParams::talusAngleDeg, sim::rules::kTalusAngleDeg,
                 "a number in (0, 90) degrees"),
    erosionParam("erosion.wet_talus_angle", &sim::ErosionParams::wetTalusAngleDeg, sim::rules::kTalusAngleDeg,
                 "a number in (0, 90) degrees"),
    erosionParam("erosion.thermal_rate", &sim::ErosionParams::thermalRate, sim::rules::kErosionRatePerS,
                 "a number >= 0 of at most 1e4 1/s"),
    erosionParam("erosion.min_slope", &sim::ErosionParams::minSlope, sim::rules::kFraction, "a number in [0, 1]"),
    erosionParam("erosion.thin_depth", &sim::ErosionParams::thinDepthM, sim::rules::kThinDepthM,
                 "a positive number of at most 1024 m"),
    erosionParam("erosion.soft_hardness", &sim::ErosionParams::softHardness, sim::rules::kFraction, "a number in [0, 1]"),
    erosionParam("erosion.rock_hardness", &sim::ErosionParams::rockHardness, sim::rules::kFraction, "a number in [0, 1]"),
    erosionParam("erosion.soft_thickness", &sim::ErosionParams::softThicknessM, sim::rules::kSoftThicknessM,
                 "a number >= 0 of at most 1024 m"),
    erosionParam("erosion.time_scale", &sim::ErosionParams::timeScale, sim::rules::kErosionTimeScale,
                 "a positive number of at most 1e6"),
};
constexpr Range kEmitterRate{&sim::rules::kRateM3PerS, "a number >= 0 of at most 1e7 m^3/s"};
/// Erosion switched off (0) or on (1) per run.
constexpr const char* kErosionSwitchName = "erosion.enabled";
constexpr sim::NumberRule kSwitch{0, 1, false, false, true};
constexpr Range kErosionSwitch{&kSwitch, "0 (off) or 1 (on)"};

/// "source.rate" (index -1: every rate-mode source), "source3.rate", and the same for drains.
struct EmitterParam {
    bool drain = false;
    long index = -1;
};

const ScalarParam* findScalar(const std::string& name) {
    for (const ScalarParam& p : kScalarParams)
        if (name == p.name) return &p;
    return nullptr;
}

std::optional<EmitterParam> parseEmitterName(const std::string& name) {
    const std::string suffix = ".rate";
    if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return std::nullopt;
    const std::string head = name.substr(0, name.size() - suffix.size());
    EmitterParam p;
    std::string digits;
    if (head.rfind("source", 0) == 0) digits = head.substr(6);
    else if (head.rfind("drain", 0) == 0) {
        p.drain = true;
        digits = head.substr(5);
    } else return std::nullopt;
    if (digits.empty()) return p;
    const char* end = digits.data() + digits.size();
    auto [ptr, ec] = std::from_chars(digits.data(), end, p.index);
    if (ec != std::errc() || ptr != end || p.index < 0) return std::nullopt;
    return p;
}

std::string knownNames() {
    std::string names;
    for (const ScalarParam& p : kScalarParams) names += std::string(p.name) + ", ";
    return names + "source.rate, sourceN.rate, drain.rate, drainN.rate, " + kErosionSwitchName;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

Result<SweepAxis> parseAxis(const std::string& arg) {
    const std::string where = "--param '" + arg + "'";
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0)
        return Error{where + ": expected NAME=v1,v2,... (e.g. friction=0.02,0.1)"};
    SweepAxis axis;
    axis.name = trim(arg.substr(0, eq));
    Range range = kEmitterRate;
    if (const ScalarParam* p = findScalar(axis.name)) range = p->range;
    else if (axis.name == kErosionSwitchName) range = kErosionSwitch;
    else if (!parseEmitterName(axis.name))
        return Error{where + ": unknown parameter '" + axis.name + "' (known: " + knownNames() + ")"};
    const std::string list = arg.substr(eq + 1);
    if (trim(list).empty()) return Error{where + ": no values after '='"};
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = list.find(',', start);
        const std::string token = trim(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (token.empty()) return Error{where + ": empty value in the list"};
        double v = 0;
        const char* end = token.data() + token.size();
        auto [ptr, ec] = std::from_chars(token.data(), end, v);
        if (ec != std::errc() || ptr != end || !std::isfinite(v))
            return Error{where + ": '" + token + "' is not a finite number"};
        // The solver works in float: a value must also be representable there.
        if (!range.contains(v) || !std::isfinite(float(v)) || !range.contains(double(float(v))))
            return Error{where + ": " + axis.name + " must be " + range.text + " (got " + token + ")"};
        axis.values.push_back(v);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return axis;
}

}  // namespace

Result<std::vector<SweepAxis>> parseSweepAxes(const std::vector<std::string>& paramArgs) {
    if (paramArgs.empty()) return Error{"--param: give at least one --param NAME=v1,v2,..."};
    std::vector<SweepAxis> axes;
    std::set<std::string> seen;
    bool allSources = false, allDrains = false, someSource = false, someDrain = false;
    std::size_t runs = 1;
    for (const std::string& arg : paramArgs) {
        auto axis = parseAxis(arg);
        if (!axis) return axis.error();
        if (!seen.insert(axis->name).second)
            return Error{"--param '" + arg + "': " + axis->name + " is already swept by an earlier --param"};
        if (auto e = parseEmitterName(axis->name)) {
            (e->drain ? (e->index < 0 ? allDrains : someDrain) : (e->index < 0 ? allSources : someSource)) = true;
            if ((allSources && someSource) || (allDrains && someDrain))
                return Error{"--param '" + arg + "': " + (e->drain ? "drain.rate" : "source.rate") +
                             " and a numbered one would both set the same emitter; give one or the other"};
        }
        runs *= axis->values.size();
        if (runs > kMaxSweepRuns)
            return Error{"--param '" + arg + "': the sweep would have more than " + std::to_string(kMaxSweepRuns) +
                         " combinations"};
        axes.push_back(std::move(*axis));
    }
    return axes;
}

Result<void> checkAxesAgainstScene(const std::vector<SweepAxis>& axes, const sim::Scene& scene) {
    // Erosion's parameters act only on runs with erosion on: the scene's, or an erosion.enabled axis's.
    bool erosionRuns = scene.params.erosion.enabled;
    for (const SweepAxis& axis : axes)
        if (axis.name == kErosionSwitchName)
            erosionRuns = erosionRuns || std::find(axis.values.begin(), axis.values.end(), 1.0) != axis.values.end();
    // The soft layer and the bedrock's hardness are set up once, when erosion starts: a field given by
    // the scene, or a saved run's state, leaves their uniform values nothing to set.
    const bool savedLayers = scene.resume && !scene.resume->field.erosion.empty();
    for (const SweepAxis& axis : axes) {
        const ScalarParam* scalar = findScalar(axis.name);
        if (scalar && scalar->erosionField) {
            const std::string where = "--param " + axis.name + ": scene '" + scene.name + "' ";
            if (!erosionRuns)
                return Error{where + "does not enable erosion, so " + axis.name +
                             " has no effect; set \"erosion\": {\"enabled\": true} in the scene or add --param " +
                             kErosionSwitchName + "=1"};
            const bool soft = scalar->erosionField == &sim::ErosionParams::softThicknessM;
            const bool hard = scalar->erosionField == &sim::ErosionParams::rockHardness;
            if ((soft && (savedLayers || !scene.softThicknessM.empty())) ||
                (hard && (savedLayers || !scene.rockHardness.empty())))
                return Error{where +
                             (savedLayers ? "continues a saved run whose layers are already set up"
                                          : "gives the layer as a field") +
                             ", so " + axis.name + " has no effect"};
            continue;
        }
        // Each friction parameter acts under its own law only: sweeping the other would change nothing.
        const sim::FrictionLaw law = scene.params.frictionLaw;
        if ((axis.name == "friction" && law != sim::FrictionLaw::Linear) ||
            (axis.name == "manning_n" && law != sim::FrictionLaw::Manning))
            return Error{"--param " + axis.name + ": scene '" + scene.name + "' uses friction_law \"" + sim::toString(law) +
                         "\", under which " + axis.name + " has no effect; sweep " +
                         (law == sim::FrictionLaw::Manning ? "manning_n" : "friction") +
                         " or set \"friction_law\" in the scene's params"};
        const auto e = parseEmitterName(axis.name);
        if (!e) continue;
        const std::vector<sim::Emitter>& list = e->drain ? scene.drains : scene.sources;
        const std::string kind = e->drain ? "drain" : "source";
        const std::string where = "--param " + axis.name + ": ";
        if (e->index < 0) {
            bool anyRate = false;
            for (const sim::Emitter& em : list) anyRate = anyRate || em.mode == sim::EmitterMode::Rate;
            if (!anyRate) return Error{where + "scene '" + scene.name + "' has no rate-mode " + kind};
        } else if (std::size_t(e->index) >= list.size()) {
            return Error{where + "scene '" + scene.name + "' has " + std::to_string(list.size()) + " " + kind +
                         (list.size() == 1 ? "" : "s") + " (numbered from 0)"};
        } else if (list[std::size_t(e->index)].mode != sim::EmitterMode::Rate) {
            return Error{where + kind + " " + std::to_string(e->index) +
                         " is in level mode, which has no rate to set"};
        }
    }
    return {};
}

std::size_t combinationCount(const std::vector<SweepAxis>& axes) {
    std::size_t n = 1;
    for (const SweepAxis& a : axes) n *= a.values.size();
    return n;
}

std::vector<std::size_t> combinationIndices(const std::vector<SweepAxis>& axes, std::size_t run) {
    std::vector<std::size_t> idx(axes.size());
    for (std::size_t k = axes.size(); k-- > 0;) {
        idx[k] = run % axes[k].values.size();
        run /= axes[k].values.size();
    }
    return idx;
}

void applyCombination(sim::Scene& scene, const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& indices) {
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const float v = float(axes[k].values[indices[k]]);
        if (const ScalarParam* p = findScalar(axes[k].name)) {
            p->in(scene.params) = v;
            continue;
        }
        if (axes[k].name == kErosionSwitchName) {
            scene.params.erosion.enabled = v != 0.0f;
            continue;
        }
        const auto e = parseEmitterName(axes[k].name);
        std::vector<sim::Emitter>& list = e->drain ? scene.drains : scene.sources;
        for (std::size_t i = 0; i < list.size(); ++i)
            if ((e->index < 0 || std::size_t(e->index) == i) && list[i].mode == sim::EmitterMode::Rate)
                list[i].rateM3PerS = v;
    }
}

namespace {
template <class T>
std::string shortest(T value) {
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, ptr) : std::to_string(value);
}
}  // namespace

std::string formatValue(double value) { return shortest(value); }
std::string formatValue(float value) { return shortest(value); }

}  // namespace sluice::app
