#pragma once
// The "georeference" object of scene files and snapshot headers: {"epsg": N, "origin": [east, north]}.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/exchange/georeference.hpp"
#include "sim/json_reader.hpp"

namespace sluice::sim {

/// Parses `v` at `path` ("georeference"); failures go through `r` (JsonReader::fail), naming the key.
GeoReference readGeoreference(const JsonReader& r, const nlohmann::json& v, const std::string& path);

/// The JSON readGeoreference reads back.
nlohmann::json georeferenceJson(const GeoReference& g);

}  // namespace sluice::sim
