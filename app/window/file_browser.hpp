#pragma once
// The in-app file dialog, drawn with ImGui (no native dialog, no extra dependency), used for Open,
// Save/Save as, the exports and the session log. As an editor's dialog: the folder as breadcrumbs
// (or an editable path), Up, places (home, the world's folder, the working folder) and recent files,
// folders then files of the chosen type, a name field and a type combo; "Replace?" before writing
// over a file. Keyboard: the name field has focus; Up/Down move through the list, Enter opens the
// highlighted folder or accepts the name, Alt+Up goes up, Ctrl+L edits the path, Esc cancels.
// The filesystem work is in file_browser_model and recent_files (tested without a window).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/window/file_browser_model.hpp"
#include "app/window/recent_files.hpp"

struct ImGuiInputTextCallbackData;  // imgui.h; only the .cpp includes it

namespace sluice::app {

/// What one dialog is for.
struct FileBrowserSpec {
    std::string title;            ///< window title; ImGui names the popup by it, so one per purpose
    std::string acceptLabel;      ///< the accept button: "Open", "Save", "Export"
    std::vector<FileType> types;  ///< the type combo, the first selected; a single type shows no combo
    bool mustExist = false;       ///< reading: only an existing file is accepted
    bool confirmReplace = false;  ///< writing: ask "Replace?" before writing over an existing file
    bool remember = false;        ///< add the accepted path to Recent files
};

/// Places of the left column that depend on the viewer (home and the working folder do not).
struct FileBrowserPlaces {
    std::filesystem::path worldFolder;  ///< the folder of the world being edited; "" = none yet
};

class FileBrowser {
public:
    /// Opens the dialog in `folder` (the working folder if it cannot be read) with `name` in the
    /// name field. Loads Recent files the first time.
    void open(FileBrowserSpec spec, const std::filesystem::path& folder, const std::string& name);
    bool isOpen() const { return open_; }
    /// Draws the dialog while open; returns the chosen path on the frame it is accepted.
    std::optional<std::filesystem::path> draw(const FileBrowserPlaces& places);
    /// The folder shown last (where the next dialog starts unless told otherwise).
    const std::filesystem::path& folder() const { return folder_; }
    const RecentFiles& recent() const { return recent_; }

private:
    void navigate(const std::filesystem::path& folder);
    void refresh();
    void setName(const std::string& name);
    const FileType& type() const;
    void activate(const std::filesystem::path& home);  ///< Enter / double-click / the accept button
    void accept(const std::filesystem::path& path);

    void drawPathBar(const std::filesystem::path& home, bool& pathEntered);
    void drawPlaces(const FileBrowserPlaces& places, const std::filesystem::path& home);
    void drawListing(float height, const std::filesystem::path& home);
    void drawReplaceQuestion();
    static int nameCallback(ImGuiInputTextCallbackData* data);

    bool open_ = false, justOpened_ = false, focusName_ = false;
    FileBrowserSpec spec_;
    int typeIndex_ = 0;
    std::filesystem::path folder_;
    FolderListing listing_;
    bool showHidden_ = false;
    int highlight_ = -1;          ///< row of listing_ under keyboard/mouse selection, -1 = none
    bool scrollToHighlight_ = false;
    char name_[1024] = "";
    std::optional<std::string> pendingName_;  ///< pushed into the name field while it is being edited
    bool editingPath_ = false, focusPath_ = false, pathWasActive_ = false;
    char pathText_[1024] = "";
    std::string message_;        ///< why the last attempt did nothing ("no such file"), shown in red
    std::filesystem::path replacePath_;  ///< waiting for "Replace?"; "" = not asking
    int replaceAskedFrame_ = -1;  ///< the Enter that asked must not also answer
    bool askReplace_ = false;     ///< open the question this frame
    std::optional<std::filesystem::path> accepted_;
    bool recentLoaded_ = false;
    RecentFiles recent_;
    std::string recentMessage_;   ///< a damaged or unwritable recent-files list, shown under the list
};

}  // namespace sluice::app
