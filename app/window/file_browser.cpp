#include "app/window/file_browser.hpp"

#include <SDL_scancode.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <system_error>

namespace sluice::app {

namespace fs = std::filesystem;

namespace {

const ImVec4 kFolderColor(0.95f, 0.85f, 0.55f, 1.0f);  // folders stand out from files, as icons would
const ImVec4 kErrorColor(1.0f, 0.45f, 0.4f, 1.0f);

fs::path homeFolder() {
    const char* h = std::getenv("HOME");
    return h && *h ? fs::path(h) : fs::path("/");
}

fs::path workingFolder() {
    std::error_code ec;
    fs::path p = fs::current_path(ec);
    return ec ? fs::path("/") : p;
}

bool pressed(ImGuiKey key, bool repeat = false) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat); }

std::string formatTime(long long unixSeconds) {
    if (unixSeconds == 0) return "";
    const std::time_t t = std::time_t(unixSeconds);
    std::tm local{};
    localtime_r(&t, &local);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &local);
    return buf;
}

bool isFolder(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p, ec);
}

}  // namespace

void FileBrowser::open(FileBrowserSpec spec, const fs::path& folder, const std::string& name) {
    if (!recentLoaded_) {
        recentLoaded_ = true;
        if (auto where = recentFilesLocation(); !where) {
            recentMessage_ = "recent files are not kept: " + where.error().message;
        } else {
            recent_ = RecentFiles(*where);
            if (auto r = recent_.load(); !r) recentMessage_ = r.error().message;
        }
        if (!recentMessage_.empty()) std::cerr << "warning: " << recentMessage_ << "\n";
    }
    spec_ = std::move(spec);
    typeIndex_ = 0;
    open_ = justOpened_ = focusName_ = true;
    editingPath_ = false;
    message_.clear();
    replacePath_.clear();
    accepted_.reset();
    navigate(isFolder(folder) ? folder : workingFolder());
    setName(name);
}

const FileType& FileBrowser::type() const {
    static const FileType kAll{"All files", {}};
    return spec_.types.empty() ? kAll : spec_.types[std::size_t(typeIndex_)];
}

void FileBrowser::navigate(const fs::path& folder) {
    folder_ = normalFolder(folder);
    refresh();
    message_.clear();
}

void FileBrowser::refresh() {
    listing_ = listFolder(folder_, type(), showHidden_);
    highlight_ = -1;
    std::snprintf(pathText_, sizeof pathText_, "%s", folder_.string().c_str());
}

void FileBrowser::setName(const std::string& name) {
    std::snprintf(name_, sizeof name_, "%s", name.c_str());
    pendingName_ = name;  // the field keeps its own copy while active: nameCallback replaces it
}

int FileBrowser::nameCallback(ImGuiInputTextCallbackData* data) {
    auto* self = static_cast<FileBrowser*>(data->UserData);
    if (self->pendingName_) {
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, self->pendingName_->c_str());
        self->pendingName_.reset();
    }
    return 0;
}

void FileBrowser::activate(const fs::path& home) {
    if (highlight_ >= 0 && listing_.entries[std::size_t(highlight_)].isFolder) {
        navigate(folder_ / listing_.entries[std::size_t(highlight_)].name);
        focusName_ = true;
        return;
    }
    std::string typed(name_);
    while (!typed.empty() && typed.back() == ' ') typed.pop_back();
    if (typed.empty()) {
        message_ = "type a file name or pick a file";
        return;
    }
    fs::path target = resolveTyped(folder_, typed, home);
    if (isFolder(target)) {  // a folder's name or path typed: go there, as editors do
        navigate(target);
        setName("");
        focusName_ = true;
        return;
    }
    if (!spec_.mustExist) target.replace_filename(withDefaultExtension(target.filename().string(), type()));
    std::error_code ec;
    const bool exists = fs::exists(target, ec);
    if (spec_.mustExist && !exists) {
        message_ = target.string() + ": no such file";
        return;
    }
    if (!spec_.mustExist && !isFolder(target.parent_path())) {
        message_ = target.parent_path().string() + ": no such folder";
        return;
    }
    if (spec_.confirmReplace && exists) {
        replacePath_ = target;
        replaceAskedFrame_ = ImGui::GetFrameCount();
        askReplace_ = true;  // opened in drawReplaceQuestion: a popup's id depends on where it is opened
        return;
    }
    accept(target);
}

void FileBrowser::accept(const fs::path& path) {
    if (spec_.remember) {
        auto r = recent_.add(path);
        recentMessage_ = r ? "" : r.error().message;  // written clean: an earlier damage is repaired
    }
    folder_ = normalFolder(path.parent_path());
    accepted_ = path;
    open_ = false;
}

void FileBrowser::drawPathBar(const fs::path& home, bool& pathEntered) {
    const bool atRoot = !folder_.has_relative_path();
    ImGui::BeginDisabled(atRoot);
    if (ImGui::Button("Up")) navigate(parentFolder(folder_));
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Parent folder (Alt+Up)");
    ImGui::SameLine();
    const float editW = ImGui::CalcTextSize("Edit path").x + ImGui::GetStyle().FramePadding.x * 2;
    const float avail = ImGui::GetContentRegionAvail().x - editW - ImGui::GetStyle().ItemSpacing.x;
    if (editingPath_) {
        ImGui::SetNextItemWidth(avail);
        if (focusPath_) {
            ImGui::SetKeyboardFocusHere();
            focusPath_ = false;
        }
        if (ImGui::InputText("##folder", pathText_, sizeof pathText_, ImGuiInputTextFlags_EnterReturnsTrue)) {
            pathEntered = true;
            const fs::path target = resolveTyped(folder_, pathText_, home);
            if (isFolder(target)) {
                navigate(target);
                editingPath_ = false;
                focusName_ = true;
            } else {
                message_ = target.string() + ": no such folder";
            }
        }
        pathWasActive_ = ImGui::IsItemActive();
    } else {
        pathWasActive_ = false;
        // Breadcrumbs, the deepest ones when they do not all fit ("..." stands for the rest).
        const std::vector<Crumb> crumbs = breadcrumbs(folder_);
        const ImGuiStyle& st = ImGui::GetStyle();
        const float sepW = ImGui::CalcTextSize("/").x + st.ItemSpacing.x * 2;
        std::size_t first = crumbs.size();
        float used = ImGui::CalcTextSize("...").x + st.ItemSpacing.x;
        while (first > 0) {
            const float w = ImGui::CalcTextSize(crumbs[first - 1].label.c_str()).x + st.FramePadding.x * 2 + sepW;
            if (used + w > avail && first < crumbs.size()) break;
            used += w;
            --first;
        }
        if (first > 0) {
            ImGui::TextDisabled("...");
            ImGui::SameLine();
        }
        for (std::size_t k = first; k < crumbs.size(); ++k) {
            ImGui::PushID(int(k));
            if (ImGui::SmallButton(crumbs[k].label.c_str())) navigate(crumbs[k].folder);
            ImGui::PopID();
            ImGui::SameLine();
            if (k > 0 && k + 1 < crumbs.size()) {  // the root's label is "/" already
                ImGui::TextDisabled("/");
                ImGui::SameLine();
            }
        }
        ImGui::NewLine();
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - editW);
    }
    if (!editingPath_) {
        if (ImGui::Button("Edit path")) editingPath_ = focusPath_ = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Type a folder (Ctrl+L)");
    } else {
        ImGui::SameLine();
        if (ImGui::Button("Cancel##path")) {
            editingPath_ = false;
            std::snprintf(pathText_, sizeof pathText_, "%s", folder_.string().c_str());
        }
    }
}

void FileBrowser::drawPlaces(const FileBrowserPlaces& places, const fs::path& home) {
    ImGui::TextDisabled("Places");
    const auto place = [&](const char* label, const fs::path& where) {
        ImGui::BeginDisabled(where.empty());
        if (ImGui::Selectable(label, !where.empty() && normalFolder(where) == folder_)) navigate(where);
        ImGui::EndDisabled();
        if (!where.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", where.string().c_str());
    };
    place("Home", home);
    place("World's folder", places.worldFolder);
    place("Working folder", workingFolder());
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextDisabled("Recent files");
    int shown = 0;
    std::optional<fs::path> picked;  // acted on after the loop: accepting reorders the list
    bool pickedTwice = false;
    for (const fs::path& p : recent_.paths()) {
        std::error_code ec;
        if (!fs::is_regular_file(p, ec) || !matchesType(p.filename().string(), type())) continue;  // gone, or not this type
        ++shown;
        ImGui::PushID(p.string().c_str());
        if (ImGui::Selectable(p.filename().string().c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
            picked = p;
            pickedTwice = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.string().c_str());
        ImGui::PopID();
    }
    if (shown == 0) ImGui::TextDisabled("  (none)");
    if (picked) {
        navigate(picked->parent_path());
        setName(picked->filename().string());
        if (pickedTwice) activate(home);
    }
    if (!recentMessage_.empty()) {
        ImGui::Spacing();
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::TextWrapped("%s", recentMessage_.c_str());
        ImGui::PopStyleColor();
    }
}

void FileBrowser::drawListing(float height, const fs::path& home) {
    if (!listing_.error.empty()) {
        ImGui::BeginChild("##unreadable", ImVec2(0, height), true);
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::TextWrapped("%s", listing_.error.c_str());
        ImGui::PopStyleColor();
        ImGui::EndChild();
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                  ImGuiTableFlags_BordersV | ImGuiTableFlags_Resizable;
    if (!ImGui::BeginTable("##entries", 3, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, 70);
    ImGui::TableSetupColumn("Modified", ImGuiTableColumnFlags_WidthFixed, 120);
    ImGui::TableHeadersRow();
    std::optional<fs::path> enter;  // navigating while iterating would invalidate the rows
    for (std::size_t k = 0; k < listing_.entries.size(); ++k) {
        const FolderEntry& e = listing_.entries[k];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (e.isFolder) ImGui::PushStyleColor(ImGuiCol_Text, kFolderColor);
        const std::string label = e.isFolder ? e.name + "/" : e.name;
        ImGui::PushID(int(k));
        const bool clicked = ImGui::Selectable(label.c_str(), highlight_ == int(k),
                                               ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick);
        ImGui::PopID();
        if (e.isFolder) ImGui::PopStyleColor();
        if (highlight_ == int(k) && scrollToHighlight_) {
            ImGui::SetScrollHereY();
            scrollToHighlight_ = false;
        }
        if (clicked) {
            highlight_ = int(k);
            if (!e.isFolder) setName(e.name);
            if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                if (e.isFolder) enter = folder_ / e.name;
                else activate(home);
            }
        }
        ImGui::TableNextColumn();
        if (!e.isFolder) ImGui::TextDisabled("%s", formatSize(e.sizeBytes).c_str());
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", formatTime(e.modifiedUnixSeconds).c_str());
    }
    if (listing_.entries.empty()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled(showHidden_ ? "No folders or %s here" : "No folders or %s here (hidden files are hidden)",
                            type().extensions.empty() ? "files" : "matching files");
    }
    ImGui::EndTable();
    if (enter) {
        navigate(*enter);
        focusName_ = true;
    }
}

void FileBrowser::drawReplaceQuestion() {
    if (askReplace_) {
        ImGui::OpenPopup("Replace file?");
        askReplace_ = false;
    }
    if (!ImGui::BeginPopupModal("Replace file?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("%s already exists in", replacePath_.filename().string().c_str());
    ImGui::Text("%s.", replacePath_.parent_path().string().c_str());
    ImGui::Text("Replace it?");
    ImGui::Spacing();
    const bool keys = ImGui::GetFrameCount() != replaceAskedFrame_;  // the asking Enter is not an answer
    if (ImGui::Button("Replace", ImVec2(90, 0)) || (keys && (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)))) {
        ImGui::CloseCurrentPopup();
        accept(replacePath_);
        replacePath_.clear();
    } else {
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(90, 0)) || (keys && pressed(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
            replacePath_.clear();
            focusName_ = true;
        }
    }
    ImGui::EndPopup();
}

std::optional<fs::path> FileBrowser::draw(const FileBrowserPlaces& places) {
    if (!open_) return std::nullopt;
    const char* title = spec_.title.c_str();
    if (justOpened_) {
        ImGui::OpenPopup(title);
        justOpened_ = false;
    }
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(860.0f, vp->Size.x - 40), std::min(520.0f, vp->Size.y - 60)), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) {
        open_ = false;  // closed from outside
        return std::nullopt;
    }
    const fs::path home = homeFolder();
    const bool asking = !replacePath_.empty();
    const ImGuiIO& io = ImGui::GetIO();
    bool pathEntered = false;
    // Esc in the path field leaves the field (the field itself lets go of it); elsewhere it cancels.
    const bool escape = !asking && pressed(ImGuiKey_Escape);
    if (escape && pathWasActive_) editingPath_ = false;
    const bool cancelByKey = escape && !pathWasActive_;
    if (!asking) {
        if (pressed(ImGuiKey_UpArrow, true) && io.KeyAlt) navigate(parentFolder(folder_));
        // The SDL backend indexes ImGui's key state by SDL scancode.
        if (io.KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_L, false)) editingPath_ = focusPath_ = true;
    }

    drawPathBar(home, pathEntered);
    ImGui::Separator();

    const ImGuiStyle& st = ImGui::GetStyle();
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + st.ItemSpacing.y + 4;
    const float bodyH = std::max(80.0f, ImGui::GetContentRegionAvail().y - footer);
    ImGui::BeginChild("##places", ImVec2(190, bodyH), true);
    drawPlaces(places, home);
    ImGui::EndChild();
    ImGui::SameLine();

    // Keyboard moves through the list whatever has focus (the name field keeps it while typing).
    const int rows = int(listing_.entries.size());
    if (!asking && !io.KeyAlt && rows > 0) {
        const int step = pressed(ImGuiKey_DownArrow, true) ? 1 : pressed(ImGuiKey_UpArrow, true) ? -1 : 0;
        if (step != 0) {
            highlight_ = std::clamp(highlight_ < 0 && step < 0 ? rows - 1 : highlight_ + step, 0, rows - 1);
            scrollToHighlight_ = true;
            const FolderEntry& e = listing_.entries[std::size_t(highlight_)];
            if (!e.isFolder) setName(e.name);
        }
    }
    drawListing(bodyH, home);

    // Footer: name and type; hidden files, the last problem, and the buttons.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Name");
    ImGui::SameLine();
    const bool combo = spec_.types.size() > 1;
    float typeW = 0;  // wide enough for the longest label, so none is cut
    for (const FileType& t : spec_.types) typeW = std::max(typeW, ImGui::CalcTextSize(t.label.c_str()).x);
    typeW += ImGui::GetFrameHeight() + st.FramePadding.x * 2;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - typeW - st.ItemSpacing.x);
    if (focusName_ && !asking && !editingPath_) {
        ImGui::SetKeyboardFocusHere();
        focusName_ = false;
    }
    ImGui::InputText("##name", name_, sizeof name_, ImGuiInputTextFlags_CallbackAlways, &FileBrowser::nameCallback, this);
    if (ImGui::IsItemEdited()) {
        highlight_ = -1;  // a typed name wins over the highlighted row
        message_.clear();
    }
    if (!ImGui::IsItemActive()) pendingName_.reset();  // name_ itself already holds it
    ImGui::SameLine();
    ImGui::SetNextItemWidth(typeW);
    if (combo) {
        if (ImGui::BeginCombo("##type", type().label.c_str())) {
            for (int k = 0; k < int(spec_.types.size()); ++k)
                if (ImGui::Selectable(spec_.types[std::size_t(k)].label.c_str(), k == typeIndex_)) {
                    typeIndex_ = k;
                    refresh();
                }
            ImGui::EndCombo();
        }
    } else {
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("%s", type().label.c_str());
    }

    if (ImGui::Checkbox("Show hidden files", &showHidden_)) refresh();
    if (!message_.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(kErrorColor, "%s", message_.c_str());
    }
    const float buttonW = 90;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - buttonW * 2 - st.ItemSpacing.x);
    const bool enter = !asking && !pathEntered && !editingPath_ && (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter));
    if (ImGui::Button(spec_.acceptLabel.c_str(), ImVec2(buttonW, 0)) || enter) activate(home);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(buttonW, 0)) || cancelByKey) open_ = false;

    drawReplaceQuestion();
    if (!open_) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    auto out = accepted_;
    accepted_.reset();
    return out;
}

}  // namespace sluice::app
