// The file browser's filesystem side without a window (app/window/file_browser_model, recent_files):
// listing order, type filter, hidden files, walking up, typed paths, and the Recent files store.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "app/window/file_browser_model.hpp"
#include "app/window/recent_files.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;
using namespace sluice::app;
namespace fs = std::filesystem;

namespace {

const FileType kOpenTypes{"Scenes and snapshots", {".json", ".sluice"}};
const FileType kAll{"All files", {}};

std::vector<std::string> names(const FolderListing& l) {
    std::vector<std::string> out;
    for (const FolderEntry& e : l.entries) out.push_back(e.isFolder ? e.name + "/" : e.name);
    return out;
}

/// A folder with folders and files in no particular order, mixed case, hidden ones and other types.
void fillFolder(const test::TempDir& d) {
    for (const char* f : {"zeta", "Alpha", "beta", ".git"}) fs::create_directories(d / f);
    for (const char* f : {"b.json", "A.JSON", "c.sluice", "notes.txt", "terrain.npy", ".hidden.json", "a.json.bak"})
        test::writeText(d / f, "x");
}

}  // namespace

TEST(FileBrowserModel, FoldersFirstThenFilesEachSortedByNameIgnoringCase) {
    test::TempDir d;
    fillFolder(d);
    const FolderListing l = listFolder(d.path(), kOpenTypes, false);
    EXPECT_TRUE(l.error.empty()) << l.error;
    EXPECT_EQ(names(l), (std::vector<std::string>{"Alpha/", "beta/", "zeta/", "A.JSON", "b.json", "c.sluice"}));
}

TEST(FileBrowserModel, FilterByExtensionIgnoresCaseAndKeepsAllFolders) {
    test::TempDir d;
    fillFolder(d);
    const FolderListing npy = listFolder(d.path(), FileType{"NumPy", {".npy"}}, false);
    EXPECT_EQ(names(npy), (std::vector<std::string>{"Alpha/", "beta/", "zeta/", "terrain.npy"}));
    const FolderListing all = listFolder(d.path(), kAll, false);
    EXPECT_EQ(names(all), (std::vector<std::string>{"Alpha/", "beta/", "zeta/", "A.JSON", "a.json.bak", "b.json",
                                                    "c.sluice", "notes.txt", "terrain.npy"}));
    EXPECT_TRUE(matchesType("WORLD.Sluice", kOpenTypes));
    EXPECT_FALSE(matchesType("world.sluice.tmp", kOpenTypes));
    EXPECT_FALSE(matchesType(".json", FileType{"x", {".json"}})) << "a bare extension is a hidden name, not a scene";
}

TEST(FileBrowserModel, HiddenEntriesOnlyOnRequest) {
    test::TempDir d;
    fillFolder(d);
    const FolderListing shown = listFolder(d.path(), kOpenTypes, true);
    EXPECT_EQ(names(shown), (std::vector<std::string>{".git/", "Alpha/", "beta/", "zeta/", ".hidden.json", "A.JSON",
                                                      "b.json", "c.sluice"}));
}

TEST(FileBrowserModel, LinksToFoldersAreFoldersAndBrokenLinksAreLeftOut) {
    test::TempDir d;
    fs::create_directories(d / "real");
    fs::create_directory_symlink(d / "real", d / "link");
    fs::create_symlink(d / "missing.json", d / "broken.json");
    EXPECT_EQ(names(listFolder(d.path(), kOpenTypes, false)), (std::vector<std::string>{"link/", "real/"}));
}

TEST(FileBrowserModel, UnreadableFolderGivesAMessageNotACrash) {
    test::TempDir d;
    const FolderListing missing = listFolder(d / "nowhere", kAll, false);
    EXPECT_TRUE(missing.entries.empty());
    EXPECT_NE(missing.error.find((d / "nowhere").string()), std::string::npos) << missing.error;
    EXPECT_NE(missing.error.find("cannot open folder"), std::string::npos) << missing.error;

    test::writeText(d / "file.txt", "x");  // a file is not a folder
    EXPECT_FALSE(listFolder(d / "file.txt", kAll, false).error.empty());

    if (geteuid() != 0) {  // root reads any folder: the permission case only means something for users
        fs::create_directories(d / "locked");
        fs::permissions(d / "locked", fs::perms::none);
        const FolderListing locked = listFolder(d / "locked", kAll, false);
        fs::permissions(d / "locked", fs::perms::owner_all);
        EXPECT_NE(locked.error.find("locked"), std::string::npos) << locked.error;
    }
}

TEST(FileBrowserModel, UpFromANestedFolderAndAtTheRoot) {
    EXPECT_EQ(parentFolder("/a/b/c"), fs::path("/a/b"));
    EXPECT_EQ(parentFolder("/a/b/c/"), fs::path("/a/b")) << "a trailing separator is not a level";
    EXPECT_EQ(parentFolder("/a/b/../c"), fs::path("/a"));
    EXPECT_EQ(parentFolder("/a"), fs::path("/"));
    EXPECT_EQ(parentFolder("/"), fs::path("/"));
    test::TempDir d;
    fs::create_directories(d / "x" / "y");
    EXPECT_EQ(parentFolder(parentFolder(d / "x" / "y")), normalFolder(d.path()));
}

TEST(FileBrowserModel, TypedPathsResolveAgainstTheFolderOrHome) {
    const fs::path folder = "/data/worlds", home = "/home/ana";
    EXPECT_EQ(resolveTyped(folder, "river.json", home), fs::path("/data/worlds/river.json"));
    EXPECT_EQ(resolveTyped(folder, "../maps/a.sluice", home), fs::path("/data/maps/a.sluice"));
    EXPECT_EQ(resolveTyped(folder, "/tmp/x.npy", home), fs::path("/tmp/x.npy"));
    EXPECT_EQ(resolveTyped(folder, "~/w.sluice", home), fs::path("/home/ana/w.sluice"));
    EXPECT_EQ(resolveTyped(folder, "~", home), fs::path("/home/ana"));
    EXPECT_EQ(withDefaultExtension("world", FileType{"s", {".sluice"}}), "world.sluice");
    EXPECT_EQ(withDefaultExtension("world.SLUICE", FileType{"s", {".sluice"}}), "world.SLUICE");
    EXPECT_EQ(withDefaultExtension("run.txt", kAll), "run.txt");
}

TEST(FileBrowserModel, BreadcrumbsFromTheRoot) {
    const std::vector<Crumb> c = breadcrumbs("/home/ana/worlds");
    ASSERT_EQ(c.size(), 4u);
    EXPECT_EQ(c[0].label, "/");
    EXPECT_EQ(c[0].folder, fs::path("/"));
    EXPECT_EQ(c[2].label, "ana");
    EXPECT_EQ(c[2].folder, fs::path("/home/ana"));
    EXPECT_EQ(c[3].folder, fs::path("/home/ana/worlds"));
    EXPECT_EQ(formatSize(512), "512 B");
    EXPECT_EQ(formatSize(1536), "1.5 KB");
    EXPECT_EQ(formatSize(3u * 1024 * 1024), "3.0 MB");
}

TEST(RecentFiles, MostRecentFirstDeduplicatedAndCapped) {
    test::TempDir d;
    RecentFiles r(d / "recent_files.txt");
    for (int k = 0; k < 14; ++k) ASSERT_TRUE(r.add(d / ("w" + std::to_string(k) + ".sluice")));
    ASSERT_EQ(r.paths().size(), RecentFiles::kCapacity);
    EXPECT_EQ(r.paths().front(), d / "w13.sluice");
    EXPECT_EQ(r.paths().back(), d / "w4.sluice") << "the oldest fall off the end";
    // Adding one again (spelled differently) moves it to the front, once.
    ASSERT_TRUE(r.add(d / "sub" / ".." / "w8.sluice"));
    EXPECT_EQ(r.paths().front(), d / "w8.sluice");
    EXPECT_EQ(std::count(r.paths().begin(), r.paths().end(), d / "w8.sluice"), 1);
    EXPECT_EQ(r.paths().size(), RecentFiles::kCapacity);
    EXPECT_EQ(r.paths()[1], d / "w13.sluice");
}

TEST(RecentFiles, PersistedAtomicallyAndReloaded) {
    test::TempDir d;
    const fs::path file = d / "config" / "recent_files.txt";
    fs::create_directories(file.parent_path());
    {
        RecentFiles r(file);
        ASSERT_TRUE(r.load()) << "a missing list is an empty list";
        EXPECT_TRUE(r.paths().empty());
        ASSERT_TRUE(r.add(d / "a.json"));
        ASSERT_TRUE(r.add(d / "b.sluice"));
        ASSERT_TRUE(r.add(d / "a.json"));
    }
    RecentFiles again(file);
    ASSERT_TRUE(again.load());
    EXPECT_EQ(again.paths(), (std::vector<fs::path>{d / "a.json", d / "b.sluice"}));
    EXPECT_EQ(test::readText(file), "sluice-recent-files 1\n" + (d / "a.json").string() + "\n" + (d / "b.sluice").string() + "\n");
    // Written through a temporary renamed into place: nothing else is left in the folder.
    int entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(file.parent_path())) ++entries;
    EXPECT_EQ(entries, 1);
}

TEST(RecentFiles, SurvivesACorruptFileWithAClearMessage) {
    test::TempDir d;
    const fs::path file = d / "recent_files.txt";
    test::writeText(file, std::string("\x89PNG\r\n\x1a\n garbage \x01\x02", 17));
    RecentFiles r(file);
    const auto loaded = r.load();
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().message.find(file.string()), std::string::npos) << loaded.error().message;
    EXPECT_NE(loaded.error().message.find("not a recent-files list"), std::string::npos) << loaded.error().message;
    EXPECT_TRUE(r.paths().empty());
    // The next add rewrites it clean, and it reads back without complaint.
    ASSERT_TRUE(r.add(d / "w.sluice"));
    RecentFiles again(file);
    ASSERT_TRUE(again.load());
    EXPECT_EQ(again.paths(), std::vector<fs::path>{d / "w.sluice"});

    // Damaged lines are skipped and named; the good ones are kept.
    test::writeText(file, "sluice-recent-files 1\n/ok/one.sluice\nrelative/two.json\n/ok/three.json\n");
    RecentFiles partly(file);
    const auto p = partly.load();
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().message.find("line 3: not an absolute path"), std::string::npos) << p.error().message;
    EXPECT_EQ(partly.paths(), (std::vector<fs::path>{"/ok/one.sluice", "/ok/three.json"}));

    // A folder where the file should be: a message, not a crash.
    fs::remove(file);
    fs::create_directories(file);
    RecentFiles dir(file);
    const auto f = dir.load();
    ASSERT_FALSE(f);
    EXPECT_NE(f.error().message.find(file.string()), std::string::npos) << f.error().message;
}
