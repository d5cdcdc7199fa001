#include "app/window/input_script.hpp"

#include <SDL.h>

#include <fstream>
#include <sstream>
#include <utility>

namespace sluice::app {

Result<std::vector<ScriptEvent>> loadInputScript(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in) return Error{file.string() + ": cannot open input script"};
    std::vector<ScriptEvent> out;
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream ss(line);
        ScriptEvent e;
        std::string verb;
        if (!(ss >> e.frame)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            return Error{file.string() + ":" + std::to_string(lineNo) + ": expected a frame number"};
        }
        ss >> verb;
        const std::string where = file.string() + ":" + std::to_string(lineNo) + ": ";
        if (verb == "down" || verb == "move" || verb == "up") {
            if (!(ss >> e.x >> e.y)) return Error{where + verb + " needs X Y"};
            e.kind = verb == "down" ? ScriptEvent::Kind::Down : verb == "up" ? ScriptEvent::Kind::Up : ScriptEvent::Kind::Move;
        } else if (verb == "key") {
            std::string name;
            ss >> name;
            e.kind = ScriptEvent::Kind::Key;
            for (bool more = true; more;) {
                more = false;
                for (const auto& [prefix, mod] : {std::pair<std::string, int>{"Ctrl+", KMOD_LCTRL}, {"Shift+", KMOD_LSHIFT}})
                    if (name.rfind(prefix, 0) == 0 && name.size() > prefix.size()) {
                        e.modifiers |= mod;
                        name = name.substr(prefix.size());
                        more = true;
                    }
            }
            e.keycode = SDL_GetKeyFromName(name.c_str());
            if (e.keycode == SDLK_UNKNOWN) return Error{where + "unknown key '" + name + "'"};
        } else {
            return Error{where + "unknown event '" + verb + "' (down, move, up, key)"};
        }
        out.push_back(e);
    }
    return out;
}

namespace {
void pushKey(const ScriptEvent& e, bool down) {
    SDL_Event ev{};
    ev.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    ev.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    ev.key.keysym.sym = e.keycode;
    ev.key.keysym.scancode = SDL_GetScancodeFromKey(e.keycode);
    ev.key.keysym.mod = Uint16(e.modifiers);
    SDL_PushEvent(&ev);
}
}  // namespace

void pushScriptEvents(const std::vector<ScriptEvent>& events, long long frame, bool& leftDown) {
    for (const ScriptEvent& e : events) {
        SDL_Event ev{};
        if (e.kind == ScriptEvent::Kind::Key && e.frame + 1 == frame) {
            // Released a frame after the press: ImGui 1.86 samples key state once per frame, so a
            // press and release in the same frame would never reach its widgets.
            pushKey(e, false);
            continue;
        }
        if (e.frame != frame) continue;
        switch (e.kind) {
            case ScriptEvent::Kind::Down:
            case ScriptEvent::Kind::Up:
                ev.type = e.kind == ScriptEvent::Kind::Down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
                ev.button.button = SDL_BUTTON_LEFT;
                ev.button.state = e.kind == ScriptEvent::Kind::Down ? SDL_PRESSED : SDL_RELEASED;
                ev.button.clicks = 1;
                ev.button.x = e.x;
                ev.button.y = e.y;
                leftDown = e.kind == ScriptEvent::Kind::Down;
                SDL_PushEvent(&ev);
                break;
            case ScriptEvent::Kind::Move:
                ev.type = SDL_MOUSEMOTION;
                ev.motion.x = e.x;
                ev.motion.y = e.y;
                ev.motion.state = leftDown ? SDL_BUTTON_LMASK : 0;
                SDL_PushEvent(&ev);
                break;
            case ScriptEvent::Kind::Key: pushKey(e, true); break;
        }
    }
}

}  // namespace sluice::app
