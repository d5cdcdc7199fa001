#include "tests/support/fuzz_mutations.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <span>

#include "sim/crc32.hpp"

namespace sluice::test {

using nlohmann::json;

std::uint64_t fuzzSeed() {
    const char* s = std::getenv("SLUICE_FUZZ_SEED");
    return s && *s ? std::strtoull(s, nullptr, 10) : 20261124ull;
}

int fuzzScale() {
    const char* s = std::getenv("SLUICE_FUZZ_SCALE");
    const int v = s && *s ? std::atoi(s) : 1;
    return std::max(1, v);
}

const std::vector<std::string>& Mutator::interestingValues() {
    static const std::vector<std::string> values = {
        "1e999", "-1e999", "1e-400", "-1", "0", "-0.0", "0.5", "24.5", "3e38", "-3e38", "1e30", "1e308",
        "9223372036854775807", "18446744073709551615", "-9223372036854775808", "4294967296", "\"12\"",
        "\"\"", "\"../../etc/passwd\"", "null", "true", "[]", "{}", "[1, 2, 3]"};
    return values;
}

namespace {

std::size_t uniform(std::mt19937_64& rng, std::size_t n) { return n == 0 ? 0 : std::size_t(rng() % n); }

void collectPointers(const json& v, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
    if (!at.empty()) out.push_back(at);
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) collectPointers(*it, at / it.key(), out);
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) collectPointers(v[i], at / i, out);
    }
}

/// "params.dt", "sources[0].x".
std::string dotted(json::json_pointer p) {
    std::vector<std::string> tokens;
    for (; !p.empty(); p = p.parent_pointer()) tokens.insert(tokens.begin(), p.back());
    std::string out;
    for (const std::string& token : tokens) {
        const bool index = !token.empty() && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
        out += index ? "[" + token + "]" : (out.empty() ? "" : ".") + token;
    }
    return out;
}

constexpr const char* kPlaceholder = "@@FUZZ@@";

std::string substitute(const json& doc, const json::json_pointer& at, const std::string& token) {
    json copy = doc;
    copy[at] = kPlaceholder;
    std::string text = copy.dump();
    const std::string quoted = std::string("\"") + kPlaceholder + "\"";
    const std::size_t pos = text.find(quoted);
    if (pos != std::string::npos) text.replace(pos, quoted.size(), token);
    return text;
}

// ---- .npy -------------------------------------------------------------------------------------------

std::string npyFile(const std::string& descr, bool fortran, const std::string& shape, const std::string& data,
                    int version = 1) {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': " + shape + ", }";
    const std::size_t prefix = version == 1 ? 10 : 12;
    while ((prefix + dict.size() + 1) % 64 != 0) dict += ' ';
    dict += '\n';
    std::string out = "\x93NUMPY";
    out += char(version);
    out += char(0);
    const std::size_t n = dict.size();
    out += char(n & 0xff);
    out += char((n >> 8) & 0xff);
    if (version != 1) {
        out += char((n >> 16) & 0xff);
        out += char((n >> 24) & 0xff);
    }
    return out + dict + data;
}

/// (rows, cols) and the data bytes of a valid float32 C-order .npy as written by sim::writeNpy.
bool parseNpy(const std::string& bytes, long& rows, long& cols, std::string& data) {
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) return false;
    const std::size_t n = std::size_t((unsigned char)bytes[8]) | (std::size_t((unsigned char)bytes[9]) << 8);
    const std::string header = bytes.substr(10, n);
    const std::size_t open = header.find("'shape': (");
    if (open == std::string::npos) return false;
    if (std::sscanf(header.c_str() + open + 10, "%ld, %ld", &rows, &cols) != 2) return false;
    data = bytes.substr(10 + n);
    return true;
}

}  // namespace

std::vector<std::string> jsonPaths(const json& doc) {
    std::vector<json::json_pointer> pointers;
    collectPointers(doc, json::json_pointer(), pointers);
    std::vector<std::string> out;
    for (const auto& p : pointers) out.push_back(dotted(p));
    return out;
}

std::vector<Mutation> Mutator::truncations(const std::string& bytes, int count) {
    std::vector<std::size_t> offsets = {0, 1, bytes.size() > 0 ? bytes.size() - 1 : 0};
    for (int i = 0; i < count; ++i) offsets.push_back(uniform(rng_, bytes.size()));
    std::sort(offsets.begin(), offsets.end());
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
    std::vector<Mutation> out;
    for (std::size_t at : offsets)
        if (at < bytes.size())
            out.push_back({bytes.substr(0, at), "truncated at " + std::to_string(at) + " of " + std::to_string(bytes.size()) + " bytes"});
    return out;
}

std::vector<Mutation> Mutator::byteDamage(const std::string& bytes, int count) {
    std::vector<Mutation> out;
    for (int i = 0; i < count; ++i) {
        std::string b = bytes;
        std::string what;
        const int edits = 1 + int(uniform(rng_, 4));
        for (int e = 0; e < edits && !b.empty(); ++e) {
            const std::size_t at = uniform(rng_, b.size());
            switch (uniform(rng_, 3)) {
                case 0:
                    b[at] = char(b[at] ^ char(1u << uniform(rng_, 8)));
                    what += "flip@" + std::to_string(at) + " ";
                    break;
                case 1:
                    b.insert(b.begin() + std::ptrdiff_t(at), char(uniform(rng_, 256)));
                    what += "insert@" + std::to_string(at) + " ";
                    break;
                default:
                    b.erase(b.begin() + std::ptrdiff_t(at));
                    what += "delete@" + std::to_string(at) + " ";
                    break;
            }
        }
        out.push_back({std::move(b), "bytes: " + what});
    }
    return out;
}

std::vector<Mutation> Mutator::jsonValues(const std::string& jsonText, int perValue) {
    std::vector<Mutation> out;
    const json doc = json::parse(jsonText, nullptr, true, true);
    std::vector<json::json_pointer> pointers;
    collectPointers(doc, json::json_pointer(), pointers);
    if (pointers.empty()) return out;
    for (const std::string& token : interestingValues())
        for (int k = 0; k < perValue; ++k) {
            const auto& at = pointers[uniform(rng_, pointers.size())];
            out.push_back({substitute(doc, at, token), dotted(at) + " = " + token});
        }
    // Keys removed, one at a time (objects only: array elements keep their indices).
    for (int k = 0; k < perValue * 2; ++k) {
        const auto& at = pointers[uniform(rng_, pointers.size())];
        json copy = doc;
        const json::json_pointer parent = at.parent_pointer();
        if (!copy[parent].is_object()) continue;
        copy[parent].erase(at.back());
        out.push_back({copy.dump(), dotted(at) + " removed"});
    }
    return out;
}

std::vector<Mutation> Mutator::jsonLines(const std::string& text, int perValue) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    std::vector<Mutation> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].empty()) continue;
        for (Mutation& m : jsonValues(lines[i], perValue)) {
            std::string joined;
            for (std::size_t j = 0; j < lines.size(); ++j) joined += (j == i ? m.bytes : lines[j]) + "\n";
            out.push_back({std::move(joined), "line " + std::to_string(i + 1) + ": " + m.what});
        }
    }
    return out;
}

std::vector<Mutation> Mutator::npyVariants(const std::string& npyBytes) {
    std::vector<Mutation> out;
    long rows = 0, cols = 0;
    std::string data;
    if (!parseNpy(npyBytes, rows, cols, data)) return out;
    const std::string shape = "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
    for (const char* d : {"<f8", ">f4", "<i4", "|u1", "<c8", "<f2", "O", ""})
        out.push_back({npyFile(d, false, shape, data), std::string("dtype '") + d + "'"});
    out.push_back({npyFile("<f4", true, shape, data), "fortran_order True"});
    for (const std::string& s : {std::string("(2, 3, 4)"), std::string("(0, 5)"), "(" + std::to_string(cols) + ",)",
                                 "(" + std::to_string(cols) + ", " + std::to_string(rows) + ")", std::string("(100000, 100000)"),
                                 std::string("(-3, 4)"), std::string("()"), std::string("(3, 'a')")})
        out.push_back({npyFile("<f4", false, s, data), "shape " + s});
    out.push_back({npyFile("<f4", false, shape, data, 2), "version 2 header"});
    out.push_back({npyFile("<f4", false, shape, data, 3), "version 3 header"});
    {
        std::string b = npyBytes;
        b[8] = char(0xff);
        b[9] = char(0xff);
        out.push_back({b, "header length 65535"});
    }
    out.push_back({npyFile("<f4", false, shape, data.substr(0, data.size() / 2)), "half the data"});
    out.push_back({npyFile("<f4", false, shape, data + std::string(12, '\0')), "12 bytes too many"});
    const float specials[] = {std::nanf(""), INFINITY, -INFINITY, 3e38f, -3e38f, -1.0f, 1e30f};
    for (float v : specials) {
        std::string d = data;
        const std::size_t count = d.size() / 4;
        const std::size_t at = uniform(rng_, count);
        std::memcpy(d.data() + 4 * at, &v, 4);
        out.push_back({npyFile("<f4", false, shape, d), "value " + std::to_string(v) + " at element " + std::to_string(at)});
    }
    return out;
}

std::vector<Mutation> Mutator::pngVariants(const std::string& pngBytes) {
    std::vector<Mutation> out;
    if (pngBytes.size() < 33 || pngBytes.compare(12, 4, "IHDR") != 0) return out;
    auto withIhdr = [&](const std::function<void(std::string&)>& edit, const std::string& what) {
        std::string b = pngBytes;
        edit(b);
        const std::uint32_t c = sim::crc32(std::as_bytes(std::span(b.data() + 12, 17)));
        for (int i = 0; i < 4; ++i) b[29 + i] = char((c >> (24 - 8 * i)) & 0xff);
        out.push_back({std::move(b), what});
    };
    for (int depth : {1, 2, 4, 7, 32}) withIhdr([&](std::string& b) { b[24] = char(depth); }, "bit depth " + std::to_string(depth));
    for (int type : {2, 3, 5, 6}) withIhdr([&](std::string& b) { b[25] = char(type); }, "colour type " + std::to_string(type));
    withIhdr([](std::string& b) { std::memset(b.data() + 16, 0, 4); }, "width 0");
    withIhdr([](std::string& b) { std::memset(b.data() + 20, 0, 4); }, "height 0");
    withIhdr([](std::string& b) { b[16] = char(0x7f); }, "width 2^31 - ...");
    withIhdr([](std::string& b) { b[20] = char(0x01); }, "height 16 M");
    withIhdr([](std::string& b) { b[28] = char(1); }, "interlaced");
    const std::size_t idat = pngBytes.find("IDAT");
    if (idat != std::string::npos) out.push_back({pngBytes.substr(0, idat + 20), "image data cut short"});
    return out;
}

}  // namespace sluice::test
