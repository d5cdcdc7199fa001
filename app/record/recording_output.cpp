#include "app/record/recording_output.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "app/output/output_check.hpp"

namespace sluice::app {

namespace fs = std::filesystem;

namespace {

const char* kAccepted =
    "expected a video file (.mp4, .mov or .mkv), a directory for PNG frames (DIR/) or a PNG pattern like "
    "frames/%05d.png";

/// A file-name pattern split around its one number conversion.
struct FramePattern {
    std::string prefix, suffix;  ///< with %% already turned into %
    int width = 0;               ///< zero-padded digits; 0 = as many as needed
};

/// Parses a pattern with exactly one %d or %0Nd; nullopt (and a reason) otherwise.
std::optional<FramePattern> parsePattern(const std::string& name, std::string& why) {
    FramePattern p;
    bool seen = false;
    std::string* out = &p.prefix;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != '%') {
            *out += name[i];
            continue;
        }
        if (i + 1 < name.size() && name[i + 1] == '%') {
            *out += '%';
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        int width = 0;
        if (j < name.size() && name[j] == '0') {
            ++j;
            if (j >= name.size() || !std::isdigit(static_cast<unsigned char>(name[j])) || name[j] == '0') {
                why = "a frame number is written %d or %0Nd with N from 1 to 9";
                return std::nullopt;
            }
            width = name[j] - '0';
            ++j;
        }
        if (j >= name.size() || name[j] != 'd') {
            why = "a frame number is written %d or %0Nd with N from 1 to 9 (write %% for a literal %)";
            return std::nullopt;
        }
        if (seen) {
            why = "the pattern has more than one frame number";
            return std::nullopt;
        }
        seen = true;
        p.width = width;
        out = &p.suffix;
        i = j;
    }
    if (!seen) {
        why = "no frame number (%d or %0Nd) in the pattern";
        return std::nullopt;
    }
    return p;
}

std::string lowerExtension(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

}  // namespace

std::string RecordingOutput::frameFileName(long long index) const {
    std::string digits = std::to_string(index);
    if (kind == Kind::PngDirectory) return "frame_" + std::string(digits.size() < 5 ? 5 - digits.size() : 0, '0') + digits + ".png";
    std::string why;
    const auto p = parsePattern(path.filename().string(), why);
    if (!p) return digits + ".png";  // unreachable for a classified pattern
    if (int(digits.size()) < p->width) digits.insert(0, std::size_t(p->width) - digits.size(), '0');
    return p->prefix + digits + p->suffix;
}

fs::path RecordingOutput::frameDirectory() const {
    if (kind == Kind::PngDirectory) return path;
    const fs::path dir = path.parent_path();
    return dir.empty() ? fs::path(".") : dir;
}

Result<RecordingOutput> classifyRecordingOutput(const std::string& text) {
    if (text.empty()) return Error{"(empty output path): " + std::string(kAccepted)};
    std::error_code ec;
    if (text.back() == '/' || fs::is_directory(text, ec)) {
        fs::path dir = fs::path(text).lexically_normal();
        if (!dir.has_filename()) dir = dir.parent_path();
        return RecordingOutput{RecordingOutput::Kind::PngDirectory, dir};
    }
    const fs::path p(text);
    const std::string name = p.filename().string();
    if (p.parent_path().string().find('%') != std::string::npos)
        return Error{text + ": the frame number pattern must be in the file name, not the directory"};
    if (name.find('%') != std::string::npos) {
        std::string why;
        if (!parsePattern(name, why)) return Error{text + ": " + why};
        if (lowerExtension(p) != ".png") return Error{text + ": a frame pattern must end in .png"};
        return RecordingOutput{RecordingOutput::Kind::PngPattern, p};
    }
    const std::string ext = lowerExtension(p);
    if (ext == ".mp4" || ext == ".mov" || ext == ".mkv") return RecordingOutput{RecordingOutput::Kind::Video, p};
    return Error{text + ": " + kAccepted};
}

Result<void> checkRecordingWritable(const std::string& option, const RecordingOutput& output) {
    return checkWritable(option, output.path, output.kind == RecordingOutput::Kind::PngDirectory);
}

}  // namespace sluice::app
