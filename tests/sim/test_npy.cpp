// .npy reading/writing and the atomic file writer it relies on.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "sim/atomic_file.hpp"
#include "sim/npy.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using sluice::sim::encodeNpy;
using sluice::sim::readNpy;
using sluice::sim::writeFileAtomic;
using sluice::sim::writeNpy;
using sluice::test::readText;
using sluice::test::TempDir;
using sluice::test::writeText;

/// Builds a raw .npy image with an arbitrary header dict and `dataBytes` bytes of float data.
std::string rawNpy(const std::string& dict, std::size_t dataBytes, int major = 1) {
    std::string header = dict;
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += char(major);
    out += char(0);
    const std::size_t n = header.size();
    out += char(n & 0xff);
    out += char((n >> 8) & 0xff);
    if (major != 1) {
        out += char(0);
        out += char(0);
    }
    out += header;
    for (std::size_t i = 0; i < dataBytes; ++i) out += char(i % 4 == 3 ? 0x3f : 0);  // small positive floats
    return out;
}

const std::string kGoodDict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";

std::string errorOf(const std::filesystem::path& p) {
    auto r = readNpy(p);
    EXPECT_FALSE(r.ok()) << "expected " << p << " to be rejected";
    return r.ok() ? std::string() : r.error().message;
}

TEST(Npy, RoundTripPreservesShapeAndValues) {
    TempDir dir;
    const int rows = 3, cols = 5;
    std::vector<float> data(rows * cols);
    for (int i = 0; i < rows * cols; ++i) data[std::size_t(i)] = float(i) * 1.25f - 7.0f;
    data[4] = -0.0f;
    data[7] = 1e-30f;
    const auto path = dir / "a.npy";
    ASSERT_TRUE(writeNpy(path, data.data(), rows, cols).ok());

    auto r = readNpy(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->rows, rows);
    EXPECT_EQ(r->cols, cols);
    ASSERT_EQ(r->data.size(), data.size());
    EXPECT_EQ(std::memcmp(r->data.data(), data.data(), data.size() * 4), 0);  // bit-exact, -0 included
}

TEST(Npy, EncodedHeaderIsAlignedAndNumpyShaped) {
    const float v[6] = {1, 2, 3, 4, 5, 6};
    const auto bytes = encodeNpy(v, 2, 3);
    const std::string s(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    ASSERT_GE(s.size(), 10u);
    EXPECT_EQ(s.substr(0, 6), "\x93NUMPY");
    EXPECT_EQ(s[6], 1);
    EXPECT_EQ(s[7], 0);
    const std::size_t headerLen = std::size_t((unsigned char)s[8]) | (std::size_t((unsigned char)s[9]) << 8);
    EXPECT_EQ((10 + headerLen) % 64, 0u);
    EXPECT_EQ(s[10 + headerLen - 1], '\n');
    const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    EXPECT_EQ(s.substr(10, dict.size()), dict);
    EXPECT_EQ(s.size(), 10 + headerLen + 6 * 4);
    float first = 0;
    std::memcpy(&first, s.data() + 10 + headerLen, 4);
    EXPECT_EQ(first, 1.0f);
}

TEST(Npy, ReadsVersion2AndPythonLongs) {
    TempDir dir;
    writeText(dir / "v2.npy", rawNpy(kGoodDict, 24, 2));
    auto r = readNpy(dir / "v2.npy");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->rows, 2);
    EXPECT_EQ(r->cols, 3);

    // Python 2 numpy wrote "(2L, 3L)", double quotes are valid Python too, key order is free.
    writeText(dir / "py2.npy",
              rawNpy("{\"shape\": (2L, 3L), 'fortran_order': False, 'descr': '<f4'}", 24));
    auto r2 = readNpy(dir / "py2.npy");
    ASSERT_TRUE(r2.ok()) << r2.error().message;
    EXPECT_EQ(r2->cols, 3);
}

TEST(Npy, RejectsBadMagic) {
    TempDir dir;
    std::string bytes = rawNpy(kGoodDict, 24);
    bytes[1] = 'X';
    writeText(dir / "bad.npy", bytes);
    const std::string msg = errorOf(dir / "bad.npy");
    EXPECT_NE(msg.find("bad.npy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("bad magic"), std::string::npos) << msg;
}

TEST(Npy, RejectsFloat64NamingTheDtype) {
    TempDir dir;
    writeText(dir / "f8.npy", rawNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", 48));
    const std::string msg = errorOf(dir / "f8.npy");
    EXPECT_NE(msg.find("f8.npy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("dtype <f8, expected float32 '<f4'"), std::string::npos) << msg;
}

TEST(Npy, RejectsBigEndianAndStructuredDtypes) {
    TempDir dir;
    writeText(dir / "be.npy", rawNpy("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", 24));
    EXPECT_NE(errorOf(dir / "be.npy").find("dtype >f4"), std::string::npos);
    writeText(dir / "st.npy", rawNpy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2, 3), }", 24));
    EXPECT_NE(errorOf(dir / "st.npy").find("structured dtype"), std::string::npos);
}

TEST(Npy, RejectsFortranOrder) {
    TempDir dir;
    writeText(dir / "f.npy", rawNpy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", 24));
    const std::string msg = errorOf(dir / "f.npy");
    EXPECT_NE(msg.find("fortran_order is True"), std::string::npos) << msg;
}

TEST(Npy, RejectsShapesThatAreNot2DOrNotPositive) {
    TempDir dir;
    writeText(dir / "3d.npy", rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, 4), }", 96));
    const std::string msg = errorOf(dir / "3d.npy");
    EXPECT_NE(msg.find("shape (2, 3, 4) is 3-D, expected a 2-D array"), std::string::npos) << msg;

    writeText(dir / "1d.npy", rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", 24));
    EXPECT_NE(errorOf(dir / "1d.npy").find("(6,) is 1-D"), std::string::npos);

    writeText(dir / "0.npy", rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), }", 0));
    EXPECT_NE(errorOf(dir / "0.npy").find("positive"), std::string::npos);
}

TEST(Npy, RejectsTruncatedAndOverlongData) {
    TempDir dir;
    writeText(dir / "short.npy", rawNpy(kGoodDict, 23));
    const std::string msg = errorOf(dir / "short.npy");
    EXPECT_NE(msg.find("short.npy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("truncated data"), std::string::npos) << msg;
    EXPECT_NE(msg.find("needs 24 bytes but only 23"), std::string::npos) << msg;

    writeText(dir / "long.npy", rawNpy(kGoodDict, 28));
    EXPECT_NE(errorOf(dir / "long.npy").find("4 unexpected bytes"), std::string::npos);

    // Cut inside the header: the declared header length runs past the end of the file.
    writeText(dir / "head.npy", rawNpy(kGoodDict, 0).substr(0, 30));
    EXPECT_NE(errorOf(dir / "head.npy").find("truncated .npy header"), std::string::npos);
}

TEST(Npy, RejectsMalformedHeadersAndVersions) {
    TempDir dir;
    writeText(dir / "m.npy", rawNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)", 24));
    EXPECT_NE(errorOf(dir / "m.npy").find("malformed header"), std::string::npos);

    writeText(dir / "k.npy", rawNpy("{'descr': '<f4', 'shape': (2, 3), }", 24));
    EXPECT_NE(errorOf(dir / "k.npy").find("no 'fortran_order' key"), std::string::npos);

    std::string v4 = rawNpy(kGoodDict, 24);
    v4[6] = 4;
    writeText(dir / "v4.npy", v4);
    EXPECT_NE(errorOf(dir / "v4.npy").find("unsupported .npy format version 4.0"), std::string::npos);
}

TEST(Npy, MissingFileNamesThePath) {
    TempDir dir;
    const std::string msg = errorOf(dir / "nope.npy");
    EXPECT_NE(msg.find("nope.npy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("cannot open"), std::string::npos) << msg;
}

TEST(Npy, WriteRejectsEmptyShape) {
    TempDir dir;
    const float v = 0;
    auto r = writeNpy(dir / "e.npy", &v, 0, 1);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("e.npy"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir / "e.npy"));
}

std::vector<std::string> listDir(const std::filesystem::path& d) {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(d)) names.push_back(e.path().filename().string());
    return names;
}

TEST(AtomicFile, ReplacesContentAndLeavesNoTemporaries) {
    TempDir dir;
    const auto path = dir / "out.txt";
    ASSERT_TRUE(writeFileAtomic(path, std::string_view("first")).ok());
    ASSERT_TRUE(writeFileAtomic(path, std::string_view("second, longer")).ok());
    EXPECT_EQ(readText(path), "second, longer");
    ASSERT_TRUE(writeFileAtomic(path, std::string_view("")).ok());
    EXPECT_EQ(readText(path), "");
    EXPECT_EQ(listDir(dir.path()), std::vector<std::string>{"out.txt"});
}

TEST(AtomicFile, FailedRenameKeepsTheOldTargetAndRemovesTheTemporary) {
    TempDir dir;
    // The target is a non-empty directory: the temporary is written, but renaming over it must fail.
    const auto target = dir / "busy";
    writeText(target / "keep.txt", "precious");
    auto r = writeFileAtomic(target, std::string_view("new"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(target.string()), std::string::npos) << r.error().message;
    EXPECT_EQ(readText(target / "keep.txt"), "precious");
    EXPECT_EQ(listDir(dir.path()), std::vector<std::string>{"busy"});
}

TEST(AtomicFile, MissingDirectoryIsAnErrorNamingThePath) {
    TempDir dir;
    const auto path = dir / "no" / "such" / "dir" / "f.npy";
    const float v[1] = {1};
    auto r = writeNpy(path, v, 1, 1);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(path.string()), std::string::npos) << r.error().message;
}

}  // namespace
