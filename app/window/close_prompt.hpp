#pragma once
// The question an editor asks when it is closed with unsaved changes ("*" in the title): "Save changes
// to NAME before closing?" with Save, Don't save and Cancel; the same before another world replaces it
// ("... before opening builtin:dam:256?"). The window's close button and Esc are the
// user's close requests; the --frames limit of scripted runs is not one and ends the run regardless.
#include <string>

#include "app/window/file_menu.hpp"

namespace sluice::app {

struct ViewerState;

/// The prompt between frames.
struct ClosePrompt {
    bool open = false;           ///< the modal shows (from the frame the close was asked for)
    bool quitAfterSave = false;  ///< Save opened the Save-as dialog: quit (or open) once that save lands
    /// Set when the prompt asks before opening another world (File > Open, the Worlds menu) rather
    /// than before closing: carried out, confirmed, once the changes are saved or discarded.
    FileRequest openAfter;
};

enum class CloseChoice { None, Save, DontSave, Cancel };

/// Draws the modal while `p.open` and returns this frame's choice: a button, or Enter (Save), D or N
/// (Don't save), Esc (Cancel), so scripts and keyboard users answer it too. Needs an ImGui frame.
CloseChoice drawClosePrompt(ClosePrompt& p, const std::string& worldName);

/// The user asked to close (window button, Esc). True: nothing is unsaved, quit now. False: the
/// prompt opens (or stays open) and closePromptFrame answers it in the coming frames.
bool requestClose(ViewerState& v);

/// One frame of the prompt, inside the ImGui frame and after the File menus (whose Save-as dialog it
/// may open): draws it and carries out the choice through the File actions (Save writes the current
/// file, or asks for a path first when the world was never saved). True when the viewer should quit
/// now; a save that fails or is cancelled keeps the viewer open, its error on the status line.
bool closePromptFrame(ViewerState& v);

}  // namespace sluice::app
