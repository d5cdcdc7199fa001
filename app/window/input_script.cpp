#include "app/window/input_script.hpp"

#include <SDL.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <utility>

#include "sim/number_rules.hpp"
#include "sim/text_file.hpp"

namespace sluice::app {

namespace {

constexpr sim::NumberRule kFrameRule{1, 1e12, false, false, true};
constexpr sim::NumberRule kPixelRule{-100000, 100000, false, false, true, "px"};
constexpr sim::NumberRule kWheelRule{-100, 100, false, false, true};

/// Reads the next word as an integer under `rule`; the error names the file, line and field.
Result<long long> nextInteger(std::istringstream& ss, const sim::NumberRule& rule, const std::string& where) {
    std::string word;
    if (!(ss >> word)) return Error{where + ": missing"};
    auto v = sim::parseNumber(word, rule, where);
    if (!v) return v.error();
    return (long long)*v;
}

/// "Ctrl+Shift+Z" -> keycode and modifiers.
Result<void> parseKey(std::istringstream& ss, ScriptEvent& e, const std::string& where) {
    std::string name;
    if (!(ss >> name)) return Error{where + "missing key name"};
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
    return {};
}

}  // namespace

Result<std::vector<ScriptEvent>> loadInputScript(const std::filesystem::path& file) {
    auto text = sim::readTextFile(file, "input script");
    if (!text) return text.error();
    std::istringstream in(*text);
    std::vector<ScriptEvent> out;
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::istringstream ss(line);
        const std::string where = file.string() + ":" + std::to_string(lineNo) + ": ";
        ScriptEvent e;
        auto frame = nextInteger(ss, kFrameRule, where + "frame");
        if (!frame) return frame.error();
        e.frame = *frame;
        std::string verb;
        ss >> verb;
        if (verb == "down" || verb == "move" || verb == "up") {
            auto x = nextInteger(ss, kPixelRule, where + verb + " X");
            if (!x) return x.error();
            auto y = nextInteger(ss, kPixelRule, where + verb + " Y");
            if (!y) return y.error();
            e.x = int(*x);
            e.y = int(*y);
            e.kind = verb == "down" ? ScriptEvent::Kind::Down : verb == "up" ? ScriptEvent::Kind::Up : ScriptEvent::Kind::Move;
            std::string button;
            if (verb != "move" && ss >> button) {
                if (button == "left") e.button = SDL_BUTTON_LEFT;
                else if (button == "middle") e.button = SDL_BUTTON_MIDDLE;
                else if (button == "right") e.button = SDL_BUTTON_RIGHT;
                else return Error{where + "unknown button '" + button + "' (left, middle, right)"};
            }
        } else if (verb == "wheel") {
            auto steps = nextInteger(ss, kWheelRule, where + "wheel STEPS");
            if (!steps) return steps.error();
            e.kind = ScriptEvent::Kind::Wheel;
            e.y = int(*steps);
        } else if (verb == "text") {
            std::string rest;
            std::getline(ss, rest);
            if (rest.empty() || rest[0] != ' ' || rest.size() < 2) return Error{where + "text: missing STRING"};
            rest.erase(0, 1);
            while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ' || rest.back() == '\t')) rest.pop_back();
            if (rest.empty()) return Error{where + "text: missing STRING"};
            e.kind = ScriptEvent::Kind::Text;
            e.text = rest;
        } else if (verb == "key" || verb == "keydown" || verb == "keyup") {
            e.kind = verb == "key" ? ScriptEvent::Kind::Key : verb == "keydown" ? ScriptEvent::Kind::KeyDown : ScriptEvent::Kind::KeyUp;
            if (auto k = parseKey(ss, e, where); !k) return k.error();
        } else {
            return Error{where + "unknown event '" + verb + "' (down, move, up, wheel, key, keydown, keyup, text)"};
        }
        std::string extra;
        if (ss >> extra) return Error{where + "unexpected '" + extra + "' at the end of the line"};
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

void pushScriptEvents(const std::vector<ScriptEvent>& events, long long frame, ScriptPointer& pointer) {
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
            case ScriptEvent::Kind::Up: {
                const bool down = e.kind == ScriptEvent::Kind::Down;
                ev.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
                ev.button.button = Uint8(e.button);
                ev.button.state = down ? SDL_PRESSED : SDL_RELEASED;
                ev.button.clicks = 1;
                ev.button.x = e.x;
                ev.button.y = e.y;
                if (down) pointer.buttons |= SDL_BUTTON(e.button);
                else pointer.buttons &= ~unsigned(SDL_BUTTON(e.button));
                pointer.x = e.x;
                pointer.y = e.y;
                SDL_PushEvent(&ev);
                break;
            }
            case ScriptEvent::Kind::Move:
                ev.type = SDL_MOUSEMOTION;
                ev.motion.x = e.x;
                ev.motion.y = e.y;
                ev.motion.xrel = e.x - pointer.x;
                ev.motion.yrel = e.y - pointer.y;
                ev.motion.state = pointer.buttons;
                pointer.x = e.x;
                pointer.y = e.y;
                SDL_PushEvent(&ev);
                break;
            case ScriptEvent::Kind::Wheel:
                ev.type = SDL_MOUSEWHEEL;
                ev.wheel.y = e.y;
                ev.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
                SDL_PushEvent(&ev);
                break;
            case ScriptEvent::Kind::Key:
            case ScriptEvent::Kind::KeyDown: pushKey(e, true); break;
            case ScriptEvent::Kind::KeyUp: pushKey(e, false); break;
            case ScriptEvent::Kind::Text:
                // SDL_TEXTINPUT carries at most 31 bytes; longer text goes in pieces (whole UTF-8
                // sequences: a piece never ends inside one).
                for (std::size_t at = 0; at < e.text.size();) {
                    std::size_t n = std::min<std::size_t>(e.text.size() - at, sizeof ev.text.text - 1);
                    while (n > 1 && at + n < e.text.size() && (static_cast<unsigned char>(e.text[at + n]) & 0xC0) == 0x80) --n;
                    SDL_Event t{};
                    t.type = SDL_TEXTINPUT;
                    std::memcpy(t.text.text, e.text.data() + at, n);
                    SDL_PushEvent(&t);
                    at += n;
                }
                break;
        }
    }
}

}  // namespace sluice::app
