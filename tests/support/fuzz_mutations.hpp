#pragma once
// Seeded mutations of valid inputs for the fuzz suites (tests/fuzz/): byte-level damage (truncation,
// flipped and inserted bytes), JSON-aware damage (a value replaced by NaN, infinity, huge, negative,
// fractional or wrongly typed values, a key removed), .npy headers and data, PNG headers. Every case
// carries a description, so a failure names what was done; the seed (SLUICE_FUZZ_SEED, default
// fixed) makes a failing run reproduce.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace sluice::test {

/// The seed of this run: $SLUICE_FUZZ_SEED or 20261124.
std::uint64_t fuzzSeed();
/// $SLUICE_FUZZ_SCALE (default 1): multiplies the number of random cases per input.
int fuzzScale();

/// One mutated input.
struct Mutation {
    std::string bytes;
    std::string what;  ///< "truncated at 37 of 912 bytes", "params.dt = 1e999", ...
};

class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : rng_(seed) {}

    /// Truncations at `count` offsets spread over the input (always 0, 1 and size - 1).
    std::vector<Mutation> truncations(const std::string& bytes, int count);
    /// `count` inputs with 1..4 random bytes flipped, inserted or deleted.
    std::vector<Mutation> byteDamage(const std::string& bytes, int count);
    /// For JSON text: every leaf value replaced in turn by each of the "interesting" values below
    /// (up to `perValue` random leaves per value), plus keys removed. Values are written as raw JSON
    /// text, so 1e999 (infinity once parsed), -1e999 and 1e-400 reach the reader as written.
    std::vector<Mutation> jsonValues(const std::string& jsonText, int perValue);
    /// For one-object-per-line JSON (session logs): jsonValues on random lines.
    std::vector<Mutation> jsonLines(const std::string& text, int perValue);
    /// For a .npy file of float32 values: header variants (dtype, order, shape, lengths) and data
    /// values (NaN, +-inf, +-3e38, -1, 1e30) at random elements.
    std::vector<Mutation> npyVariants(const std::string& npyBytes);
    /// For a PNG: IHDR bit depth, colour type, width and height changed (CRC fixed, so the check past
    /// the CRC is what is tested), the image data chunk cut short.
    std::vector<Mutation> pngVariants(const std::string& pngBytes);

    /// The raw JSON tokens jsonValues substitutes.
    static const std::vector<std::string>& interestingValues();

    std::mt19937_64& rng() { return rng_; }

private:
    std::mt19937_64 rng_;
};

/// Paths ("params.dt", "sources[0].x") of every leaf (and every array/object) of a JSON document.
std::vector<std::string> jsonPaths(const nlohmann::json& doc);

}  // namespace sluice::test
