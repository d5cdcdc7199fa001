#pragma once
// The bodies' dynamics (docs/BODIES.md): rigid bodies on the terrain and in the water, stepped with
// the water's forces (water_forces.hpp). Built on Bullet (sim/bodies_bullet/) where the build has
// it; the portable headless build (static runtime) leaves Bullet out (SLUICE_BODIES=OFF), and there
// create() answers with an error naming the option.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "gl/result.hpp"
#include "sim/bodies/body.hpp"
#include "sim/bodies/body_wetness.hpp"
#include "sim/bodies/water_field.hpp"
#include "sim/bodies/water_forces.hpp"

namespace sluice::sim {

/// The bodies' fixed physics substep (s). 60 a second holds every body of 5 cm or more stably in the
/// water (drag and damping never more than stop a body within a substep; heave linearly implicit:
/// water_forces.cpp), at half the cost of 120.
inline constexpr float kBodySubstepS = 1.0f / 60.0f;
/// The physics substeps of a step of dtSeconds (equal ones, at most kBodySubstepS each).
inline int bodySubsteps(float dtSeconds) { return std::max(1, int(std::ceil(dtSeconds / kBodySubstepS - 1e-4f))); }

/// One body of the world and what the water did to it last.
struct Body {
    int id = 0;
    BodySpec spec;
    BodyState state;
    float massKg = 0.0f;
    float submergedFraction = 0.0f;  ///< of its volume, as the last physics substep's water forces found it
    /// Where the body is wet (body_wetness.hpp): body-frame points l (metres from its centre) with
    /// dot(wetPlane.xyz, l) < wetPlane.w. Dry at first.
    glm::vec4 wetPlane = kDryPlane;
    /// At rest in water that has not changed around it: the dynamics skips it (no forces, no
    /// integration) until the water around it or a body touching it moves (docs/BODIES.md, "Dynamics").
    bool resting = false;
};

/// Sums the water's terms over many bodies' samples at once, to the same bits as sampleSums per body
/// (water_forces.hpp): the GPU's forces (sim/gpu_body_forces.hpp), handed to BodyWorld::step.
class BodySampleSummer {
public:
    virtual ~BodySampleSummer() = default;
    /// Before a step's physics substeps: each body's samples (samplesVersion changes whenever the
    /// list of bodies does) and the water around it, for bodies of the world in their order.
    virtual void setWater(const std::vector<const std::vector<BodySample>*>& samples, std::uint64_t samplesVersion,
                          const std::vector<const WaterField*>& waterOf, const HydroParams& hydro) = 0;
    /// One substep: out[i] the sums of body i in states[i]; left as they were where awake[i] is 0.
    virtual void sum(const std::vector<BodyState>& states, const std::vector<std::uint8_t>& awake,
                     std::vector<bmath::BodySums>& out) = 0;
};

class BodyWorld {
public:
    /// Whether this build has the dynamics (SLUICE_BODIES).
    static bool available();
    /// A world over a grid of width x height cells of cellSizeM whose bed is bedM (m, row-major from the
    /// south). Errors: no dynamics in this build; a bed that does not match the grid.
    static Result<std::unique_ptr<BodyWorld>> create(int width, int height, float cellSizeM, const std::vector<float>& bedM,
                                                     const HydroParams& hydro = {});
    virtual ~BodyWorld() = default;

    /// Adds a body at rest at spec's position (or in `state`); returns its id. Errors: bodyProblem's,
    /// naming the field.
    virtual Result<int> add(const BodySpec& spec) = 0;
    virtual Result<int> add(const BodySpec& spec, const BodyState& state) = 0;
    /// Removes the body; false when there is none of that id.
    virtual bool remove(int id) = 0;
    /// The bed changed (brushes, erosion): the terrain collider follows.
    virtual void setTerrain(const std::vector<float>& bedM) = 0;
    /// Which grid edges are walls (west, east, south, north): a body stops against a walled edge as
    /// the water does; past any other edge it leaves the world. None at first.
    virtual void setWalls(const std::array<bool, 4>& walled) = 0;
    /// Advances the bodies dtSeconds in the water `water` (bodySubsteps(dtSeconds) equal physics substeps; the water
    /// stands as given meanwhile). Bodies that leave the grid's footprint (past an edge that is not a
    /// wall) are removed.
    void step(float dtSeconds, const WaterField& water) {
        step(dtSeconds, std::vector<const WaterField*>(bodies().size(), &water));
    }
    /// The same, each body in its own view of the water: waterOf[i] for bodies()[i] (the water around
    /// it, WaterField::fromPatch); the forces' sums from `summer` when given (the GPU's), else on
    /// the world's threads: the same bits either way.
    virtual void step(float dtSeconds, const std::vector<const WaterField*>& waterOf,
                      BodySampleSummer* summer = nullptr) = 0;
    /// Wall seconds the last step() spent on the water's forces (the rest of it went to the rigid
    /// bodies' library: integration, collisions, contacts), for `sluice bench --bodies`.
    virtual double lastForcesSeconds() const = 0;
    /// Calls fn(begin, end) over ranges that cover [0, bodies().size()) once, on the world's
    /// threads (the calling one among them), and returns when all are done. For work per body of
    /// about a step's forces of one physics substep (the load, body_load.hpp).
    virtual void forBodies(const std::function<void(int, int)>& fn) const = 0;
    /// The bodies, in the order they were added (their ids ascending).
    virtual const std::vector<Body>& bodies() const = 0;
    /// The volume samples of bodies()[index] (body frame; volumeSamples(spec), kept per body).
    virtual const std::vector<BodySample>& samples(std::size_t index) const = 0;
};

}  // namespace sluice::sim
