#pragma once
// The one validation layer for numbers read from files and command lines: every reader (scene, .npy,
// PNG, snapshot, session log, timeline, preset, CLI options) checks a number against a NumberRule,
// so a value is finite, inside a documented physical range and integral where an integer is meant,
// and the message names the field and the problem the same way everywhere. The ranges are
// documented in docs/SCENE_FORMAT.md ("Ranges"); they are wide enough for any real landscape and
// narrow enough that sums over a whole grid stay finite in float32 fields and double ledgers.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// How a rule reads in messages.
enum class RuleStyle {
    Bounds,    ///< "must be a positive finite number" / "must be at most 3600 s"
    Interval,  ///< "must be a number in [0, 1)"
};

/// A range for one number: [min, max] with either end open, optionally integral.
struct NumberRule {
    double min = 0, max = 0;
    bool minOpen = false, maxOpen = false;
    bool integer = false;
    const char* unit = "";  ///< for messages: "m", "s", "m^3/s"
    RuleStyle style = RuleStyle::Bounds;
};

/// The problem with v under `rule` ("must be a positive finite number (got -0.5)", "expected an
/// integer, got 24.5", "must be at most 3600 s (got 1e+06)"), or nothing when v obeys it.
std::optional<std::string> ruleProblem(double v, const NumberRule& rule);

/// v when it obeys `rule`, else the error "<where>: <problem>".
Result<double> checkNumber(double v, const NumberRule& rule, std::string_view where);

/// Parses a whole command-line or file word as a number under `rule`: "<where>: expected a number,
/// got 'abc'" for text that is not one (or an integer, for integer rules), else checkNumber.
Result<double> parseNumber(std::string_view text, const NumberRule& rule, std::string_view where);

/// Checks every value of a width-wide row-major field (terrain, depth) against `rule`; the error names
/// `source` (the file), the first bad value and its cell: "<source> has an invalid value (inf) at index
/// 7 (row 1, column 2): must be ...".
Result<void> checkField(const std::vector<float>& values, int width, const NumberRule& rule, std::string_view source);

/// Shortest text that reads back as the same double ("0.1", "700", "-0.5", "nan", "inf").
std::string formatNumber(double v);

/// The documented ranges (docs/SCENE_FORMAT.md, "Ranges").
namespace rules {
/// Bed and water-surface elevations, emitter levels: within 100 km of zero.
inline constexpr NumberRule kElevationM{-1e5, 1e5, false, false, false, "m"};
/// Water depth in a cell: at most what a cell can hold, SLUICE_MAX_DEPTH_UNITS (2^30 units of 2^-20 m,
/// shaders/sim/transfer_math.h).
inline constexpr NumberRule kDepthM{0, 1024, false, false, false, "m"};
/// Cell size.
inline constexpr NumberRule kCellSizeM{0, 1e5, true, false, false, "m"};
/// Procedural relief and noise size.
inline constexpr NumberRule kAmplitudeM{0, 1e5, false, false, false, "m"};
inline constexpr NumberRule kFeatureSizeCells{0, 1e6, true, false, false, "cells"};
/// Parameters.
inline constexpr NumberRule kDtSeconds{0, 3600, true, false, false, "s"};
inline constexpr NumberRule kGravity{0, 100, true, false, false, "m/s^2"};
inline constexpr NumberRule kFriction{0, 1, false, true, false, "1/s", RuleStyle::Interval};
inline constexpr NumberRule kViscosity{0, 1e6, false, false, false, "m^2/s"};
/// Manning's n: 0.01 (smooth concrete) .. 0.15 (dense brush); up to 1 for made-up worlds.
inline constexpr NumberRule kManningN{0, 1, false, false, false, "s/m^(1/3)"};
inline constexpr NumberRule kRainMPerS{0, 1, false, false, false, "m/s"};
inline constexpr NumberRule kEvaporationMPerS{0, 1, false, false, false, "m/s"};
inline constexpr NumberRule kCourant{0, 1, true, false, false, "", RuleStyle::Interval};
inline constexpr NumberRule kMaxSubsteps{1, 4096, false, false, true};
/// Sources, drains and boundaries.
/// Erosion (docs/EROSION.md): capacity coefficient, rates, angles, fractions, depths, speed-up.
inline constexpr NumberRule kErosionCapacityS{0, 1e4, false, false, false, "s"};
inline constexpr NumberRule kErosionRatePerS{0, 1e4, false, false, false, "1/s"};
inline constexpr NumberRule kTalusAngleDeg{0, 90, true, true, false, "degrees", RuleStyle::Interval};
inline constexpr NumberRule kFraction{0, 1, false, false, false, "", RuleStyle::Interval};
inline constexpr NumberRule kThinDepthM{0, 1024, true, false, false, "m"};
inline constexpr NumberRule kSoftThicknessM{0, 1024, false, false, false, "m"};
inline constexpr NumberRule kErosionTimeScale{0, 1e6, true, false, false};
inline constexpr NumberRule kRateM3PerS{0, 1e7, false, false, false, "m^3/s"};
inline constexpr NumberRule kMaxRateM3PerS{0, 1e7, true, false, false, "m^3/s"};
inline constexpr NumberRule kDischargeM2PerS{0, 1e5, false, false, false, "m^2/s"};
inline constexpr NumberRule kRadiusCells{0, 65536, true, false, false, "cells"};
/// Brush strokes (positions may lie off the grid: the brush then touches part of it or nothing).
inline constexpr NumberRule kBrushPositionCells{-1e6, 1e6, false, false, false, "cells"};
inline constexpr NumberRule kBrushStrength{0, 1e4, false, false, false};
inline constexpr NumberRule kBrushFalloff{0, 1, false, false, false, "", RuleStyle::Interval};
inline constexpr NumberRule kBrushDtSeconds{0, 60, false, false, false, "s"};
/// Run counters: steps and substeps below 2^53 (exact in a double, far from int64 overflow),
/// simulated time up to ~31 700 years.
inline constexpr NumberRule kStepCount{0, 9007199254740992.0, false, false, true};
inline constexpr NumberRule kTimeSeconds{0, 1e12, false, false, false, "s"};
/// Steps a command line or a session log may ask to run (simulate --steps, a log's step numbers): a
/// billion, years of a viewer session, and a bound on the work a file can request.
inline constexpr NumberRule kRunSteps{0, 1e9, false, false, true};
/// Ledger volumes (m^3): sums over at most 2^28 cells of (1e5 m)^2 x 1e4 m fit with room to spare.
inline constexpr NumberRule kVolumeM3{-1e30, 1e30, false, false, false, "m^3"};
/// Face flows in a snapshot (m^3/s).
inline constexpr NumberRule kFlowM3PerS{-1e15, 1e15, false, false, false, "m^3/s"};
/// A face's velocity (the shallow-water model's state): finite; the Courant guard keeps it far below this.
inline constexpr NumberRule kVelocityMPerS{-1e9, 1e9, false, false, false, "m/s"};
}  // namespace rules

}  // namespace sluice::sim
