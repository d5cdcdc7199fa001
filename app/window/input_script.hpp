#pragma once
// Scripted input for tests and demos: SDL events injected at given frame numbers, so they travel
// the same path as a user's (ImGui first, then the viewer's handlers).
//
// One event per line, '#' starts a comment:
//   FRAME down X Y [BUTTON]   mouse button down at window pixel (X, Y), origin top-left; BUTTON is
//                             left (default), middle or right
//   FRAME up X Y [BUTTON]     that button up
//   FRAME move X Y            the mouse moves there (dragging with whatever buttons are down)
//   FRAME wheel STEPS         mouse wheel at the pointer, STEPS (-100..100) notches, positive = away
//   FRAME key NAME            key press, released the next frame; NAME is an SDL key name ("1",
//                             "Space", "F12", "R"), optionally after Ctrl+ and/or Shift+ ("Ctrl+Z")
//   FRAME keydown NAME        key held down from this frame ...
//   FRAME keyup NAME          ... until this one (held keys move the 3-D camera: W A S D Q E)
//   FRAME text STRING         typed text (the rest of the line after one space, UTF-8), as into a
//                             focused text field; '#' still starts a comment
// FRAME is a frame number from 1; X and Y lie within +-100000.
#include <filesystem>
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

struct ScriptEvent {
    long long frame = 0;
    enum class Kind { Down, Move, Up, Wheel, Key, KeyDown, KeyUp, Text } kind = Kind::Move;
    int x = 0, y = 0;   ///< pointer (Down, Move, Up); notches in y (Wheel)
    int button = 1;     ///< SDL_BUTTON_LEFT / MIDDLE / RIGHT (Down, Up)
    int keycode = 0;    ///< SDL_Keycode (Key, KeyDown, KeyUp)
    int modifiers = 0;  ///< SDL_Keymod (Key, KeyDown, KeyUp)
    std::string text;   ///< Text
};

/// Parses a script; errors name the file and line.
Result<std::vector<ScriptEvent>> loadInputScript(const std::filesystem::path& file);

/// The pointer as the script has moved it so far (window units; SDL button mask).
struct ScriptPointer {
    int x = 0, y = 0;
    unsigned buttons = 0;
};

/// Pushes the events of `frame` onto SDL's queue (call before polling events).
void pushScriptEvents(const std::vector<ScriptEvent>& events, long long frame, ScriptPointer& pointer);

}  // namespace sluice::app
