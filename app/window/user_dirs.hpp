#pragma once
// Per-user directories (XDG base directories), created on demand. SLUICE_DATA_DIR and
// SLUICE_CONFIG_DIR override them (tests, portable installs).
#include <filesystem>

#include "gl/result.hpp"

namespace sluice::app {

/// Autosaves and crash markers: $SLUICE_DATA_DIR, else $XDG_DATA_HOME/sluice, else ~/.local/share/sluice.
Result<std::filesystem::path> userDataDir();
/// Parameter presets and Recent files (recent_files.hpp): $SLUICE_CONFIG_DIR, else $XDG_CONFIG_HOME/sluice, else ~/.config/sluice.
Result<std::filesystem::path> userConfigDir();

}  // namespace sluice::app
