#include "sim/npy.hpp"

#include <bit>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "sim/atomic_file.hpp"

namespace sluice::sim {

namespace {

constexpr char kMagic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};
/// numpy aligns the start of the data to 64 bytes (older writers used 16; both are accepted on read).
constexpr std::size_t kAlign = 64;
/// A 2-D float header is ~70 bytes; anything beyond this is not a file we could have meant to read.
constexpr std::uint32_t kMaxHeaderLen = 1u << 20;

// ---- a tiny reader for the Python literal subset numpy writes in its header ----------------------

/// One parsed Python literal. Only the kinds that can appear in a .npy header are distinguished.
struct PyValue {
    enum class Kind { String, Integer, Bool, None, Tuple, List, Dict };
    Kind kind = Kind::None;
    std::string text;              ///< String: the unescaped contents
    std::uint64_t integer = 0;     ///< Integer: magnitude (shape entries are never negative)
    bool negative = false;         ///< Integer: a leading '-' was present
    bool overflow = false;         ///< Integer: did not fit in 64 bits
    bool boolean = false;          ///< Bool
    std::vector<PyValue> items;    ///< Tuple / List elements; Dict values (keys in `keys`)
    std::vector<std::string> keys; ///< Dict keys, parallel to items
};

/// Recursive-descent parser over the header text. Errors are reported through `error` (first one wins).
class PyLiteralParser {
public:
    explicit PyLiteralParser(std::string_view s) : s_(s) {}

    std::optional<PyValue> parseTopLevel() {
        auto v = parseValue(0);
        if (!v) return std::nullopt;
        skipSpace();
        if (pos_ != s_.size()) return fail("unexpected text after the dict at offset " + std::to_string(pos_));
        return v;
    }
    const std::string& error() const { return error_; }

private:
    std::optional<PyValue> fail(std::string message) {
        if (error_.empty()) error_ = std::move(message);
        return std::nullopt;
    }
    void skipSpace() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }
    bool eat(char c) {
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    bool startsWithWord(std::string_view w) const {
        if (s_.substr(pos_, w.size()) != w) return false;
        const std::size_t end = pos_ + w.size();
        return end >= s_.size() || !(std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_');
    }

    std::optional<PyValue> parseValue(int depth) {
        // Nesting in a real header is at most 2 ({'shape': (..)}); deep input is garbage, not a header.
        if (depth > 16) return fail("nesting too deep");
        skipSpace();
        if (pos_ >= s_.size()) return fail("unexpected end of header");
        const char c = s_[pos_];
        if (c == '\'' || c == '"') return parseString();
        if (c == '{') return parseDict(depth);
        if (c == '(') return parseSequence(depth, ')', PyValue::Kind::Tuple);
        if (c == '[') return parseSequence(depth, ']', PyValue::Kind::List);
        if (c == '-' || (c >= '0' && c <= '9')) return parseInteger();
        PyValue v;
        if (startsWithWord("True") || startsWithWord("False")) {
            v.kind = PyValue::Kind::Bool;
            v.boolean = s_[pos_] == 'T';
            pos_ += v.boolean ? 4 : 5;
            return v;
        }
        if (startsWithWord("None")) {
            v.kind = PyValue::Kind::None;
            pos_ += 4;
            return v;
        }
        return fail(std::string("unexpected character '") + c + "' at offset " + std::to_string(pos_));
    }

    std::optional<PyValue> parseString() {
        const char quote = s_[pos_++];
        PyValue v;
        v.kind = PyValue::Kind::String;
        while (pos_ < s_.size() && s_[pos_] != quote) {
            if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;  // keep the escaped character verbatim
            v.text += s_[pos_++];
        }
        if (pos_ >= s_.size()) return fail("unterminated string");
        ++pos_;
        return v;
    }

    std::optional<PyValue> parseInteger() {
        PyValue v;
        v.kind = PyValue::Kind::Integer;
        if (s_[pos_] == '-') {
            v.negative = true;
            ++pos_;
        }
        const std::size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
            const std::uint64_t digit = std::uint64_t(s_[pos_] - '0');
            if (v.integer > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) v.overflow = true;
            else v.integer = v.integer * 10 + digit;
            ++pos_;
        }
        if (pos_ == start) return fail("expected digits at offset " + std::to_string(start));
        if (pos_ < s_.size() && (s_[pos_] == 'L' || s_[pos_] == 'l')) ++pos_;  // Python 2 long suffix
        if (pos_ < s_.size() && (s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E'))
            return fail("expected an integer at offset " + std::to_string(start));
        return v;
    }

    std::optional<PyValue> parseSequence(int depth, char close, PyValue::Kind kind) {
        ++pos_;  // opening bracket
        PyValue v;
        v.kind = kind;
        if (eat(close)) return v;
        for (;;) {
            auto item = parseValue(depth + 1);
            if (!item) return std::nullopt;
            v.items.push_back(std::move(*item));
            if (eat(close)) return v;
            if (!eat(',')) return fail(std::string("expected ',' or '") + close + "' at offset " + std::to_string(pos_));
            if (eat(close)) return v;  // trailing comma, e.g. the 1-tuple "(5,)"
        }
    }

    std::optional<PyValue> parseDict(int depth) {
        ++pos_;  // '{'
        PyValue v;
        v.kind = PyValue::Kind::Dict;
        if (eat('}')) return v;
        for (;;) {
            skipSpace();
            if (pos_ >= s_.size() || (s_[pos_] != '\'' && s_[pos_] != '"'))
                return fail("expected a quoted key at offset " + std::to_string(pos_));
            auto key = parseString();
            if (!key) return std::nullopt;
            if (!eat(':')) return fail("expected ':' after key '" + key->text + "'");
            auto value = parseValue(depth + 1);
            if (!value) return std::nullopt;
            v.keys.push_back(key->text);
            v.items.push_back(std::move(*value));
            if (eat('}')) return v;
            if (!eat(',')) return fail("expected ',' or '}' at offset " + std::to_string(pos_));
            if (eat('}')) return v;  // numpy writes a trailing ", }"
        }
    }

    std::string_view s_;
    std::size_t pos_ = 0;
    std::string error_;
};

const PyValue* findKey(const PyValue& dict, std::string_view key) {
    for (std::size_t i = 0; i < dict.keys.size(); ++i)
        if (dict.keys[i] == key) return &dict.items[i];
    return nullptr;
}

std::string describeShape(const PyValue& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.items.size(); ++i) {
        const PyValue& it = shape.items[i];
        if (i) s += ", ";
        if (it.kind == PyValue::Kind::Integer)
            s += (it.negative ? "-" : "") + (it.overflow ? std::string("<huge>") : std::to_string(it.integer));
        else
            s += "?";
    }
    if (shape.items.size() == 1) s += ",";
    return s + ")";
}

std::uint32_t readLe32(const unsigned char* p) {
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) | (std::uint32_t(p[3]) << 24);
}

/// Closes a FILE* on scope exit.
struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

Result<NpyArray> readNpyImpl(const std::filesystem::path& path) {
    const std::string name = path.string();
    auto err = [&](const std::string& what) { return Error{name + ": " + what}; };

    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return err("is a directory, expected a .npy file");
    FilePtr file(std::fopen(path.c_str(), "rb"));
    if (!file) return err(std::string("cannot open: ") + std::strerror(errno));
    if (std::fseek(file.get(), 0, SEEK_END) != 0) return err("cannot seek (not a regular file?)");
    const long endPos = std::ftell(file.get());
    if (endPos < 0) return err("cannot determine the file size");
    const std::uint64_t fileSize = std::uint64_t(endPos);
    std::rewind(file.get());

    // Fixed prefix: 6 magic bytes, major, minor, then a 2- or 4-byte header length.
    unsigned char prefix[12] = {};
    const std::size_t got = std::fread(prefix, 1, sizeof(prefix), file.get());
    if (got < 10 || std::memcmp(prefix, kMagic, 6) != 0) {
        if (got >= 6 && std::memcmp(prefix, kMagic, 6) == 0) return err("truncated .npy header");
        return err("not a .npy file (bad magic; expected \\x93NUMPY)");
    }
    const int major = prefix[6], minor = prefix[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0)
        return err("unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                   " (supported: 1.0, 2.0, 3.0)");
    std::size_t prefixLen = 0;
    std::uint32_t headerLen = 0;
    if (major == 1) {
        prefixLen = 10;
        headerLen = std::uint32_t(prefix[8]) | (std::uint32_t(prefix[9]) << 8);
    } else {
        if (got < 12) return err("truncated .npy header");
        prefixLen = 12;
        headerLen = readLe32(prefix + 8);
    }
    if (headerLen == 0 || headerLen > kMaxHeaderLen)
        return err("implausible header length " + std::to_string(headerLen));
    if (prefixLen + headerLen > fileSize)
        return err("truncated .npy header (header length " + std::to_string(headerLen) + " but the file has " +
                   std::to_string(fileSize) + " bytes)");

    std::string header(headerLen, '\0');
    if (std::fseek(file.get(), long(prefixLen), SEEK_SET) != 0 ||
        std::fread(header.data(), 1, headerLen, file.get()) != headerLen)
        return err("cannot read the .npy header");
    for (char c : header)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r')
            return err("malformed header: contains control characters");

    PyLiteralParser parser(header);
    const auto dict = parser.parseTopLevel();
    if (!dict) return err("malformed header: " + parser.error());
    if (dict->kind != PyValue::Kind::Dict) return err("malformed header: expected a dict");

    const PyValue* descr = findKey(*dict, "descr");
    const PyValue* fortran = findKey(*dict, "fortran_order");
    const PyValue* shape = findKey(*dict, "shape");
    if (!descr) return err("header has no 'descr' key");
    if (!fortran) return err("header has no 'fortran_order' key");
    if (!shape) return err("header has no 'shape' key");

    if (descr->kind != PyValue::Kind::String)
        return err("structured dtype is not supported, expected float32 '<f4'");
    if (descr->text != "<f4") return err("dtype " + descr->text + ", expected float32 '<f4'");
    if (fortran->kind != PyValue::Kind::Bool) return err("header 'fortran_order' is not True/False");
    if (fortran->boolean)
        return err("fortran_order is True (column-major); save a C-order array, e.g. np.ascontiguousarray(a)");
    if (shape->kind != PyValue::Kind::Tuple && shape->kind != PyValue::Kind::List)
        return err("header 'shape' is not a tuple");
    for (const PyValue& d : shape->items)
        if (d.kind != PyValue::Kind::Integer) return err("header 'shape' " + describeShape(*shape) + " holds a non-integer");
    if (shape->items.size() != 2)
        return err("shape " + describeShape(*shape) + " is " + std::to_string(shape->items.size()) +
                   "-D, expected a 2-D array (rows, cols)");
    for (const PyValue& d : shape->items)
        if (d.negative || d.overflow || d.integer == 0 || d.integer > std::uint64_t(std::numeric_limits<int>::max()))
            return err("shape " + describeShape(*shape) + ": each dimension must be a positive int");

    const std::uint64_t rows = shape->items[0].integer, cols = shape->items[1].integer;
    // rows, cols < 2^31, so the product and byte count cannot overflow 64 bits.
    const std::uint64_t expectedBytes = rows * cols * 4;
    const std::uint64_t dataOffset = prefixLen + headerLen;
    const std::uint64_t haveBytes = fileSize - dataOffset;
    const std::string shapeText = std::to_string(rows) + "x" + std::to_string(cols);
    if (haveBytes < expectedBytes)
        return err("truncated data: shape " + shapeText + " float32 needs " + std::to_string(expectedBytes) +
                   " bytes but only " + std::to_string(haveBytes) + " follow the header");
    if (haveBytes > expectedBytes)
        return err(std::to_string(haveBytes - expectedBytes) + " unexpected bytes after the " + shapeText +
                   " float32 data");
    if (expectedBytes > std::uint64_t(std::numeric_limits<std::size_t>::max() / 2))
        return err("array " + shapeText + " is too large");

    NpyArray out;
    out.rows = int(rows);
    out.cols = int(cols);
    out.data.resize(std::size_t(rows * cols));
    if (std::fread(out.data.data(), 1, std::size_t(expectedBytes), file.get()) != expectedBytes)
        return err("read error in the data");
    if constexpr (std::endian::native == std::endian::big) {
        for (float& v : out.data) {
            std::uint32_t u = std::bit_cast<std::uint32_t>(v);
            u = (u >> 24) | ((u >> 8) & 0xff00u) | ((u << 8) & 0xff0000u) | (u << 24);
            v = std::bit_cast<float>(u);
        }
    }
    return out;
}

}  // namespace

Result<NpyArray> readNpy(const std::filesystem::path& path) {
    try {
        return readNpyImpl(path);
    } catch (const std::exception& e) {  // allocation failure on a huge (but consistent) file
        return Error{path.string() + ": cannot read: " + e.what()};
    }
}

std::vector<std::byte> encodeNpy(const float* data, int rows, int cols) {
    assert(rows > 0 && cols > 0 && data != nullptr);
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                         std::to_string(cols) + "), }";
    // Pad with spaces so that prefix (10 bytes) + header + '\n' is a multiple of kAlign.
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((kAlign - unpadded % kAlign) % kAlign, ' ');
    header.push_back('\n');
    const std::size_t headerLen = header.size();  // < 200, fits the v1.0 u16 field
    const std::size_t count = std::size_t(rows) * std::size_t(cols);

    std::vector<std::byte> out(10 + headerLen + count * 4);
    std::memcpy(out.data(), kMagic, 6);
    out[6] = std::byte{1};
    out[7] = std::byte{0};
    out[8] = std::byte(headerLen & 0xff);
    out[9] = std::byte((headerLen >> 8) & 0xff);
    std::memcpy(out.data() + 10, header.data(), headerLen);
    std::byte* dst = out.data() + 10 + headerLen;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(dst, data, count * 4);
    } else {
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t u = std::bit_cast<std::uint32_t>(data[i]);
            for (int b = 0; b < 4; ++b) dst[i * 4 + std::size_t(b)] = std::byte((u >> (8 * b)) & 0xff);
        }
    }
    return out;
}

Result<void> writeNpy(const std::filesystem::path& path, const float* data, int rows, int cols) {
    if (rows <= 0 || cols <= 0 || data == nullptr)
        return Error{path.string() + ": cannot write a " + std::to_string(rows) + "x" + std::to_string(cols) +
                     " array (dimensions must be positive)"};
    try {
        const std::vector<std::byte> bytes = encodeNpy(data, rows, cols);
        return writeFileAtomic(path, bytes);
    } catch (const std::exception& e) {
        return Error{path.string() + ": cannot encode: " + e.what()};
    }
}

}  // namespace sluice::sim
