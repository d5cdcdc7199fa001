#pragma once
// Environment variables that override a choice for measurements only (docs/PERFORMANCE.md):
// SLUICE_FIELD_LAYOUT, SLUICE_BLOCKED_SUBSTEPS, SLUICE_FLOAT_OPS_MODE, SLUICE_CPU_THREADS. A value that is not one of the
// accepted ones is ignored, as if unset, with one warning on stderr per variable, so that a
// misspelt measurement does not pass for the one asked for.

namespace sluice::sim {

/// Warns once per process for `name`: its value `value` is not `accepted` (words: "rows, tiles
/// or strips"), and the default is used.
void warnIgnoredEnv(const char* name, const char* value, const char* accepted);

}  // namespace sluice::sim
