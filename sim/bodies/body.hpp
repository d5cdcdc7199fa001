#pragma once
// Rigid bodies in the water (docs/BODIES.md): what a body is (shape, size, density, where it starts)
// and the points its volume is sampled at for the water's forces. World frame: x east, y north, z up,
// metres; cell (i, j) of the grid covers [i dx, (i+1) dx) x [j dx, (j+1) dx). Body frame: the body's
// centre of volume at the origin, its length along x, its height along z.
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace sluice::sim {

/// What a body is shaped like: a box, a log (a cylinder along its length), a boat (a hull tapering
/// to a bow and open at the top, so it floats high), a block (a box meant for stacking into dams).
enum class BodyShape { Box, Log, Boat, Block };

/// "box", "log", "boat", "block".
const char* bodyShapeName(BodyShape s);
std::optional<BodyShape> bodyShapeFromName(const std::string& name);

/// A body as a scene, a snapshot or a placing tool gives it.
struct BodySpec {
    BodyShape shape = BodyShape::Box;
    glm::vec3 sizeM{1.0f, 1.0f, 1.0f};  ///< length (x), width (y), height (z) in the body frame; a log's
                                        ///< width and height are its diameter
    float densityKgPerM3 = 500.0f;      ///< of the body as a whole (a boat's hull with the air inside)
    glm::vec3 positionM{0.0f};          ///< centre of volume, world frame
    float yawDeg = 0.0f;                ///< heading of the body's x axis, counter-clockwise from east
};

/// Where a body is and how it moves (the dynamics' state, kept in snapshots).
struct BodyState {
    glm::vec3 positionM{0.0f};
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 velocityMPerS{0.0f};
    glm::vec3 angularVelocityRadPerS{0.0f};
};

/// Limits of a body's numbers (docs/BODIES.md): sizes from 5 cm to 200 m, densities from 1 to 20000
/// kg/m^3 (balsa is 100, oak 700, concrete 2400, steel 7850).
inline constexpr float kBodyMinSizeM = 0.05f, kBodyMaxSizeM = 200.0f;
inline constexpr float kBodyMinDensity = 1.0f, kBodyMaxDensity = 20000.0f;

/// The problem with a spec ("size[2]: must be between 0.05 and 200 m (got -1)"), or nothing.
std::optional<std::string> bodyProblem(const BodySpec& spec);

/// The body's volume, m^3 (what it displaces when wholly under water).
float bodyVolumeM3(const BodySpec& spec);

/// One sample of a body's volume: a small box of the body frame, its centre, its half extents (how
/// far it reaches up and down once turned, for how much of it lies under a surface) and its share of
/// the body's volume (the box's volume times the part of it inside the shape).
struct BodySample {
    glm::vec3 centreM;  ///< body frame
    glm::vec3 halfM;    ///< body frame
    float volumeM3;
};

/// The samples of a body's volume: a lattice of at most ~200 small boxes whose volumes add up to
/// bodyVolumeM3 (each sample's share of the shape's cross-section, so a log's round sides and a
/// boat's tapered bow are in the sum), with at least 4 layers along z so a body's draft comes out
/// of the sum linearly.
std::vector<BodySample> volumeSamples(const BodySpec& spec);

/// The starting state of a spec: at rest at its position, turned by its yaw.
BodyState initialState(const BodySpec& spec);

/// A body as a scene places it, with its motion when it comes from a snapshot.
struct PlacedBody {
    BodySpec spec;
    BodyState state;  ///< initialState(spec) unless the document gives the motion
};

}  // namespace sluice::sim
