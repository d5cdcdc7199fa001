#pragma once
// Scripted input for tests and demos: SDL events injected at given frame numbers, so they travel
// the same path as a user's (ImGui first, then the viewer's handlers).
//
// One event per line, '#' starts a comment:
//   FRAME down X Y      left button down at window pixel (X, Y), origin top-left
//   FRAME move X Y      mouse moves there (with the left button held if it is down)
//   FRAME up X Y        left button up
//   FRAME key NAME      key press and release; NAME is an SDL key name ("1", "Space", "F12", "R"),
//                       optionally after Ctrl+ and/or Shift+ ("Ctrl+Z", "Ctrl+Shift+Z")
#include <filesystem>
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

struct ScriptEvent {
    long long frame = 0;
    enum class Kind { Down, Move, Up, Key } kind = Kind::Move;
    int x = 0, y = 0;
    int keycode = 0;  ///< SDL_Keycode for Key
    int modifiers = 0;  ///< SDL_Keymod for Key
};

/// Parses a script; errors name the file and line.
Result<std::vector<ScriptEvent>> loadInputScript(const std::filesystem::path& file);

/// Pushes the events of `frame` onto SDL's queue (call before polling events).
void pushScriptEvents(const std::vector<ScriptEvent>& events, long long frame, bool& leftDown);

}  // namespace sluice::app
