#include "app/output/output_dir.hpp"

#include <unistd.h>

#include <fstream>

namespace sluice::app {

namespace fs = std::filesystem;

namespace {

/// Removes the given directories, deepest first, each only if empty (something else may have put a
/// file there meanwhile).
void removeEmpty(const std::vector<fs::path>& deepestFirst) {
    std::error_code ec;
    for (const fs::path& p : deepestFirst)
        if (!fs::remove(p, ec)) break;
}

}  // namespace

Result<void> checkReplaceable(const fs::path& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec) || fs::is_empty(folder, ec) || fs::exists(folder / kOutputMarker, ec)) return {};
    return Error{folder.string() + ": is a folder Sluice did not write (it holds other files, and an output replaces "
                 "its whole folder): choose a new or empty folder"};
}

Result<OutputDir> OutputDir::begin(const fs::path& target) {
    const fs::path abs = fs::absolute(target).lexically_normal();
    fs::path clean = abs;
    if (!clean.has_filename()) clean = clean.parent_path();
    std::error_code ec;
    if (fs::exists(clean, ec) && !fs::is_directory(clean, ec))
        return Error{clean.string() + ": exists and is not a directory"};
    if (auto ok = checkReplaceable(clean); !ok) return ok.error();
    const fs::path parent = clean.parent_path();
    // The directories this run creates, deepest first: removed again if it never commits.
    std::vector<fs::path> created;
    for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
        created.push_back(p);
        if (p == p.parent_path()) break;
    }
    fs::create_directories(parent, ec);
    if (ec) {
        removeEmpty(created);
        return Error{parent.string() + ": cannot create directory: " + ec.message()};
    }
    const fs::path staging = parent / ("." + clean.filename().string() + ".partial-" + std::to_string(getpid()));
    fs::remove_all(staging, ec);
    fs::create_directory(staging, ec);
    if (ec) {
        removeEmpty(created);
        return Error{staging.string() + ": cannot create staging directory: " + ec.message()};
    }
    OutputDir out(clean, staging);
    out.createdParents_ = std::move(created);
    std::ofstream(staging / kOutputMarker) << "Written by sluice: the next output to this folder replaces it as a whole.\n";
    return out;
}

OutputDir::OutputDir(OutputDir&& o) noexcept
    : target_(std::move(o.target_)), staging_(std::move(o.staging_)), createdParents_(std::move(o.createdParents_)),
      committed_(o.committed_) {
    o.committed_ = true;  // the moved-from object owns nothing
}

OutputDir::~OutputDir() {
    if (!committed_) {
        std::error_code ec;
        fs::remove_all(staging_, ec);
        removeEmpty(createdParents_);
    }
}

Result<void> OutputDir::commit() {
    std::error_code ec;
    const fs::path old = target_.parent_path() / ("." + target_.filename().string() + ".old-" + std::to_string(getpid()));
    const bool hadOld = fs::exists(target_, ec);
    if (hadOld) {
        fs::rename(target_, old, ec);
        if (ec) return Error{target_.string() + ": cannot replace the previous output: " + ec.message()};
    }
    fs::rename(staging_, target_, ec);
    if (ec) {
        if (hadOld) fs::rename(old, target_, ec);
        return Error{target_.string() + ": cannot move the new output into place"};
    }
    committed_ = true;
    if (hadOld) fs::remove_all(old, ec);
    return {};
}

Result<void> OutputDir::commitAfter(std::span<const Result<void>> writes) {
    for (const Result<void>& w : writes)
        if (!w) return w;
    return commit();
}

}  // namespace sluice::app
