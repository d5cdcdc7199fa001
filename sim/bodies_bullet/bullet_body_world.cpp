// BodyWorld on Bullet (Debian's libbullet-dev): a discrete dynamics world with the bed as a height
// field, each body a box, a cylinder (logs) or a convex hull (boats), and the water's forces
// (water_forces.hpp) applied before every physics substep. Bullet because rigid-body contact,
// stacking and friction are not what Sluice is about, and it is a well-kept, packaged library.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

#include <btBulletDynamicsCommon.h>
#include <BulletCollision/CollisionShapes/btHeightfieldTerrainShape.h>

#include "sim/bodies/body_world.hpp"
#include "sim/row_pool.hpp"

namespace sluice::sim {

namespace {

btVector3 bt(glm::vec3 v) { return {v.x, v.y, v.z}; }
glm::vec3 vec(const btVector3& v) { return {float(v.x()), float(v.y()), float(v.z())}; }
btQuaternion bt(glm::quat q) { return {q.x, q.y, q.z, q.w}; }
glm::quat quat(const btQuaternion& q) { return glm::quat(float(q.w()), float(q.x()), float(q.y()), float(q.z())); }

std::unique_ptr<btCollisionShape> shapeOf(const BodySpec& spec) {
    const glm::vec3 half = 0.5f * spec.sizeM;
    switch (spec.shape) {
        case BodyShape::Box:
        case BodyShape::Block: return std::make_unique<btBoxShape>(bt(half));
        case BodyShape::Log: return std::make_unique<btCylinderShapeX>(bt(half));
        case BodyShape::Boat: {
            // The hull of body.cpp's boat: the keel 70 % of the beam, the bow a point at +x.
            auto hull = std::make_unique<btConvexHullShape>();
            for (float z : {-half.z, half.z}) {
                const float beam = half.y * (z < 0.0f ? 0.7f : 1.0f);
                for (float x : {-half.x, 0.3f * half.x})
                    for (float y : {-beam, beam}) hull->addPoint(btVector3(x, y, z), false);
                hull->addPoint(btVector3(half.x, 0.0f, z), false);
            }
            hull->recalcLocalAabb();
            return hull;
        }
    }
    return std::make_unique<btBoxShape>(bt(half));
}

class BulletBodyWorld final : public BodyWorld {
public:
    BulletBodyWorld(int width, int height, float cellSizeM, const HydroParams& hydro)
        : width_(width), height_(height), dx_(cellSizeM), hydro_(hydro), dispatcher_(&config_),
          world_(&dispatcher_, &broadphase_, &solver_, &config_) {
        world_.setGravity(btVector3(0, 0, -hydro.gravity));
        world_.getPairCache()->setOverlapFilterCallback(&nearOnly_);
    }
    ~BulletBodyWorld() override {
        for (Entry& e : entries_) world_.removeRigidBody(e.body.get());
        for (auto& w : walls_)
            if (w.body) world_.removeRigidBody(w.body.get());
        if (terrain_) world_.removeRigidBody(terrain_.get());
    }

    Result<int> add(const BodySpec& spec) override { return add(spec, initialState(spec)); }

    Result<int> add(const BodySpec& spec, const BodyState& state) override {
        if (auto problem = bodyProblem(spec)) return Error{"body: " + *problem};
        Entry e;
        e.samples = volumeSamples(spec);
        e.shape = shapeOf(spec);
        e.shape->setMargin(std::min(0.02f, 0.1f * std::min({spec.sizeM.x, spec.sizeM.y, spec.sizeM.z})));
        const float mass = spec.densityKgPerM3 * bodyVolumeM3(spec);
        btVector3 inertia(0, 0, 0);
        e.shape->calculateLocalInertia(mass, inertia);
        btTransform t(bt(state.orientation), bt(state.positionM));
        e.motion = std::make_unique<btDefaultMotionState>(t);
        btRigidBody::btRigidBodyConstructionInfo info(mass, e.motion.get(), e.shape.get(), inertia);
        info.m_friction = 0.7f;
        info.m_rollingFriction = 0.01f;
        info.m_restitution = 0.0f;
        e.body = std::make_unique<btRigidBody>(info);
        e.body->setLinearVelocity(bt(state.velocityMPerS));
        e.body->setAngularVelocity(bt(state.angularVelocityRadPerS));
        // Bullet lets a body sleep once it has moved less than this for 2 s; step() wakes it when the
        // water around it changes (the water moves bodies that rest on the bed).
        e.body->setSleepingThresholds(kRestSpeedMPerS, kRestSpinRadPerS);
        world_.addRigidBody(e.body.get());
        Body b;
        b.id = nextId_++;
        b.spec = spec;
        b.state = state;
        b.massKg = mass;
        bodies_.push_back(b);
        entries_.push_back(std::move(e));
        samplesVersion_ = newSamplesVersion();
        return b.id;
    }

    bool remove(int id) override {
        for (std::size_t i = 0; i < bodies_.size(); ++i)
            if (bodies_[i].id == id) {
                world_.removeRigidBody(entries_[i].body.get());
                bodies_.erase(bodies_.begin() + std::ptrdiff_t(i));
                entries_.erase(entries_.begin() + std::ptrdiff_t(i));
                samplesVersion_ = newSamplesVersion();
                return true;
            }
        return false;
    }

    void setTerrain(const std::vector<float>& bedM) override {
        if (terrain_) world_.removeRigidBody(terrain_.get());
        bed_ = bedM;
        const auto [lo, hi] = std::minmax_element(bed_.begin(), bed_.end());
        // Bullet's height field is centred on its bounds: heights at the cell centres, x and y from the
        // grid's south-west corner, so its middle lies at (W dx / 2, H dx / 2, (lo + hi) / 2). It has
        // a ring of cells beyond the grid at the edge cells' heights, so that it covers the edge cells
        // wholly (from centre to centre only, a block on an edge cell would tip off its outer half).
        const float minH = *lo - 1.0f, maxH = *hi + 1.0f;
        lowestM_ = minH;
        const int pw = width_ + 2, ph = height_ + 2;
        padded_.resize(std::size_t(pw) * std::size_t(ph));
        for (int j = 0; j < ph; ++j)
            for (int i = 0; i < pw; ++i)
                padded_[std::size_t(j) * std::size_t(pw) + std::size_t(i)] =
                    bed_[std::size_t(std::clamp(j - 1, 0, height_ - 1)) * std::size_t(width_) + std::size_t(std::clamp(i - 1, 0, width_ - 1))];
        auto field = std::make_unique<btHeightfieldTerrainShape>(pw, ph, padded_.data(), minH, maxH, 2, false);
        field->setLocalScaling(btVector3(dx_, dx_, 1.0f));
        btTransform t;
        t.setIdentity();
        t.setOrigin(btVector3(0.5f * float(width_) * dx_, 0.5f * float(height_) * dx_, 0.5f * (minH + maxH)));
        terrainMotion_ = std::make_unique<btDefaultMotionState>(t);
        btRigidBody::btRigidBodyConstructionInfo info(0.0f, terrainMotion_.get(), field.get());
        info.m_friction = 0.8f;
        terrain_ = std::make_unique<btRigidBody>(info);
        terrainShape_ = std::move(field);
        world_.addRigidBody(terrain_.get());
        // A body the new bed now reaches into is lifted onto it (a height field pushes nothing up
        // that is already below its surface: the body would fall through). Every body wakes: the
        // ground under a sleeping one may be gone.
        for (Entry& e : entries_) {
            e.body->activate(true);
            btVector3 low, high;
            e.body->getAabb(low, high);
            const float top = highestBedUnder(float(low.x()), float(low.y()), float(high.x()), float(high.y()));
            if (top > float(low.z())) {
                btTransform pose = e.body->getCenterOfMassTransform();
                pose.setOrigin(pose.getOrigin() + btVector3(0, 0, top - float(low.z())));
                e.body->setCenterOfMassTransform(pose);
                e.motion->setWorldTransform(pose);
                e.body->setLinearVelocity(btVector3(0, 0, 0));
                e.body->setAngularVelocity(btVector3(0, 0, 0));
            }
        }
    }

    void setWalls(const std::array<bool, 4>& walled) override {
        if (walled == walled_) return;  // called every step: only a change rebuilds them
        walled_ = walled;
        for (Entry& e : entries_) e.body->activate(true);  // a wall a body leant on may be gone
        for (auto& w : walls_)
            if (w.body) world_.removeRigidBody(w.body.get());
        // Planes at the grid's edges, facing into it: x = 0, x = W dx, y = 0, y = H dx.
        const btVector3 normals[4] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
        const float offsets[4] = {0.0f, -float(width_) * dx_, 0.0f, -float(height_) * dx_};
        for (int side = 0; side < 4; ++side) {
            Wall& w = walls_[std::size_t(side)];
            w = Wall{};
            if (!walled[std::size_t(side)]) continue;
            w.shape = std::make_unique<btStaticPlaneShape>(normals[side], offsets[side]);
            w.motion = std::make_unique<btDefaultMotionState>();
            btRigidBody::btRigidBodyConstructionInfo info(0.0f, w.motion.get(), w.shape.get());
            info.m_friction = 0.3f;
            w.body = std::make_unique<btRigidBody>(info);
            w.body->setUserIndex(kWallIndex + side);
            world_.addRigidBody(w.body.get());
        }
    }

    using BodyWorld::step;
    void step(float dtSeconds, const std::vector<const WaterField*>& waterOf, BodySampleSummer* summer) override {
        const int n = bodySubsteps(dtSeconds);
        const float h = dtSeconds / float(n);
        forces_.resize(bodies_.size());
        forcesS_ = 0.0;
        wakeWhereTheWaterChanged(waterOf);
        if (summer) {
            std::vector<const std::vector<BodySample>*> samples;
            for (const Entry& e : entries_) samples.push_back(&e.samples);
            summer->setWater(samples, samplesVersion_, waterOf, hydro_);
        }
        for (int k = 0; k < n; ++k) {
            const auto start = std::chrono::steady_clock::now();
            // The water's forces on every body at once (each reads the water and its own pose, writes
            // its own entry: the same bits with any number of threads, or on the GPU), then handed to
            // Bullet in order. A sleeping body is skipped: Bullet neither moves it nor clears forces
            // given to it.
            if (summer) {
                states_.resize(bodies_.size());
                awake_.resize(bodies_.size());
                for (std::size_t i = 0; i < bodies_.size(); ++i) {
                    states_[i] = stateOf(*entries_[i].body);
                    awake_[i] = entries_[i].body->isActive() ? 1 : 0;
                }
                summer->sum(states_, awake_, sums_);
            }
            pool_.run(int(bodies_.size()), kSamplesPerBody, [&](int begin, int end, int) {
                for (int i = begin; i < end; ++i) {
                    const std::size_t b = std::size_t(i);
                    const btRigidBody& rb = *entries_[b].body;
                    if (!rb.isActive()) {
                        forces_[b] = HydroForces{};
                        continue;
                    }
                    const Body& body = bodies_[b];
                    const BodyState state = summer ? states_[b] : stateOf(rb);
                    const bmath::BodySums sums = summer ? sums_[b] : sampleSums(entries_[b].samples, state, *waterOf[b], hydro_);
                    forces_[b] = forcesFromSums(body.spec, sums, body.massKg, state, hydro_, h);
                }
            });
            forcesS_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            for (std::size_t i = 0; i < bodies_.size(); ++i) {
                btRigidBody& rb = *entries_[i].body;
                if (!rb.isActive()) continue;
                const HydroForces& f = forces_[i];
                rb.applyCentralForce(bt(f.forceN));
                rb.applyTorque(bt(f.torqueNm));
                rb.setDamping(0.0f, 1.0f - std::exp(-f.angularDampingPerS));  // Bullet: w *= (1 - d)^dt
                bodies_[i].submergedFraction = f.submergedFraction;
            }
            world_.stepSimulation(h, 0);
        }
        // Read back the states; drop bodies that left the grid's footprint or fell through the bed.
        for (std::size_t i = bodies_.size(); i-- > 0;) {
            bodies_[i].state = stateOf(*entries_[i].body);
            bodies_[i].resting = !entries_[i].body->isActive();
            bodies_[i].wetPlane = nextWetPlane(bodies_[i].spec, bodies_[i].state, bodies_[i].wetPlane, *waterOf[i], dtSeconds);
            const glm::vec3 p = bodies_[i].state.positionM;
            const bool off = p.x < 0.0f || p.y < 0.0f || p.x > float(width_) * dx_ || p.y > float(height_) * dx_ ||
                             p.z < lowestM_ - 100.0f || !std::isfinite(p.x + p.y + p.z);
            if (off) remove(bodies_[i].id);
        }
    }

    double lastForcesSeconds() const override { return forcesS_; }
    void forBodies(const std::function<void(int, int)>& fn) const override {
        pool_.run(int(bodies_.size()), kSamplesPerBody, [&](int begin, int end, int) { fn(begin, end); });
    }
    const std::vector<Body>& bodies() const override { return bodies_; }
    const std::vector<BodySample>& samples(std::size_t index) const override { return entries_[index].samples; }

private:
    // Below these a body that stays so for 2 s sleeps (Bullet's deactivation): a block on the bed, a
    // log stranded on the bank. A log drifting at 1 cm/s is awake.
    static constexpr float kRestSpeedMPerS = 0.01f, kRestSpinRadPerS = 0.01f;
    // A sleeping body wakes when the water around it (its field's window) has risen or fallen by
    // this much, or its fastest flow changed by this much, since it was last awake.
    static constexpr float kWakeLevelM = 0.005f, kWakeFlowMPerS = 0.02f;

    // Wakes the sleeping bodies whose water changed; remembers the water of those awake. A body the
    // water holds up (lighter than water and in it) is kept awake: it rides every ripple, and one
    // floating in an unstable pose must stay free to roll over (at rest there, Bullet would let
    // it sleep before the roll had grown).
    void wakeWhereTheWaterChanged(const std::vector<const WaterField*>& waterOf) {
        for (std::size_t i = 0; i < bodies_.size(); ++i) {
            Entry& e = entries_[i];
            const WaterField& w = *waterOf[i];
            const float level = w.highestSurfaceM(), flow = w.fastestMPerS();
            if (bodies_[i].spec.densityKgPerM3 < hydro_.waterDensityKgPerM3 && bodies_[i].submergedFraction > 0.0f)
                e.body->activate(true);  // also restarts its count toward sleep
            if (!e.body->isActive()) {
                // A window that was dry and is wet now (or the reverse) has changed too.
                const bool wetNow = std::isfinite(level), wetThen = std::isfinite(e.restLevelM);
                const bool changed = wetNow != wetThen || (wetNow && std::abs(level - e.restLevelM) > kWakeLevelM) ||
                                     std::abs(flow - e.restFlowMPerS) > kWakeFlowMPerS;
                if (!changed) continue;
                e.body->activate(true);
            }
            e.restLevelM = level;
            e.restFlowMPerS = flow;
        }
    }

    // The terrain and the walls reach every body's bounding box (a height field's bounds span the
    // grid, a plane's all space), so Bullet would test every body against them at every substep.
    // This filter keeps a pair only for a body whose box comes within kNearM of the wall's plane or
    // of the highest bed under it: Bullet asks again whenever a body's box leaves the fattened box
    // its broadphase keeps (5 cm), and once made a pair stays (measured: Bullet's substeps a quarter
    // cheaper for 1000 floating logs between two walls, docs/BODIES.md "Cost as it stands").
    static constexpr float kNearM = 1.0f;  // > the broadphase's 5 cm plus a substep's travel at 50 m/s
    static constexpr int kWallIndex = 100;  // user index of the walls: kWallIndex + side
    struct NearOnly final : btOverlapFilterCallback {
        explicit NearOnly(const BulletBodyWorld* w) : world(w) {}
        const BulletBodyWorld* world;
        bool needBroadphaseCollision(btBroadphaseProxy* a, btBroadphaseProxy* b) const override {
            if ((a->m_collisionFilterGroup & b->m_collisionFilterMask) == 0 ||
                (b->m_collisionFilterGroup & a->m_collisionFilterMask) == 0)
                return false;
            return world->near(*a, *b) && world->near(*b, *a);
        }
    };
    // Whether `body` (a proxy's box) is near enough `other` to test them, when other is the
    // terrain or a wall; true for any other pair.
    bool near(const btBroadphaseProxy& other, const btBroadphaseProxy& body) const {
        const auto* object = static_cast<const btCollisionObject*>(other.m_clientObject);
        const btVector3& lo = body.m_aabbMin;
        const btVector3& hi = body.m_aabbMax;
        if (terrain_ && object == terrain_.get())
            return float(lo.z()) <= highestBedUnder(float(lo.x()) - dx_, float(lo.y()) - dx_, float(hi.x()) + dx_,
                                                    float(hi.y()) + dx_) + kNearM;
        switch (object->getUserIndex() - kWallIndex) {
            case 0: return float(lo.x()) <= kNearM;
            case 1: return float(hi.x()) >= float(width_) * dx_ - kNearM;
            case 2: return float(lo.y()) <= kNearM;
            case 3: return float(hi.y()) >= float(height_) * dx_ - kNearM;
            default: return true;
        }
    }

    struct Entry {
        float restLevelM = -std::numeric_limits<float>::infinity();  // its water when last awake
        float restFlowMPerS = 0.0f;
        std::vector<BodySample> samples;
        std::unique_ptr<btCollisionShape> shape;
        std::unique_ptr<btDefaultMotionState> motion;
        std::unique_ptr<btRigidBody> body;
    };

    // The highest bed (m) of the cells under the box [x0, x1] x [y0, y1] (m).
    float highestBedUnder(float x0, float y0, float x1, float y1) const {
        const int i0 = std::clamp(int(std::floor(x0 / dx_)), 0, width_ - 1), i1 = std::clamp(int(std::floor(x1 / dx_)), 0, width_ - 1);
        const int j0 = std::clamp(int(std::floor(y0 / dx_)), 0, height_ - 1), j1 = std::clamp(int(std::floor(y1 / dx_)), 0, height_ - 1);
        float top = -1e30f;
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) top = std::max(top, bed_[std::size_t(j) * std::size_t(width_) + std::size_t(i)]);
        return top;
    }

    static BodyState stateOf(const btRigidBody& rb) {
        BodyState s;
        const btTransform& t = rb.getCenterOfMassTransform();
        s.positionM = vec(t.getOrigin());
        s.orientation = quat(t.getRotation());
        s.velocityMPerS = vec(rb.getLinearVelocity());
        s.angularVelocityRadPerS = vec(rb.getAngularVelocity());
        return s;
    }

    int width_, height_;
    float dx_;
    HydroParams hydro_;
    NearOnly nearOnly_{this};  // before the world, which asks it
    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_;
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_;
    std::vector<float> bed_;     // the grid's bed (m)
    std::vector<float> padded_;  // the height field's data, the bed and a ring (Bullet reads it in place)
    float lowestM_ = 0.0f;
    std::unique_ptr<btCollisionShape> terrainShape_;
    std::unique_ptr<btDefaultMotionState> terrainMotion_;
    std::unique_ptr<btRigidBody> terrain_;
    struct Wall {
        std::unique_ptr<btCollisionShape> shape;
        std::unique_ptr<btDefaultMotionState> motion;
        std::unique_ptr<btRigidBody> body;  // null: that edge is open
    };
    std::array<Wall, 4> walls_;  // west, east, south, north
    std::array<bool, 4> walled_{};
    std::vector<Body> bodies_;
    std::vector<Entry> entries_;  // parallel to bodies_
    int nextId_ = 1;
    // The forces' threads: a worker takes at least ~16 bodies' samples (fewer cost more than they save).
    static constexpr long long kSamplesPerBody = 150;
    mutable RowPool pool_{RowPool::defaultThreads(), 16 * kSamplesPerBody};  // run() from one thread at a time
    std::vector<HydroForces> forces_;  // this substep's, parallel to bodies_
    // For a summer (the GPU's forces): the bodies' states and whether each is awake this substep,
    // and the sums it found; samplesVersion_ changes whenever the list of bodies does, to a value no
    // other world of the process has had (a solver's summer outlives a world: a reset or a loaded
    // snapshot gives the solver a new world, whose bodies must not pass for the old ones').
    static std::uint64_t newSamplesVersion() {
        static std::atomic<std::uint64_t> last{0};
        return ++last;
    }
    std::vector<BodyState> states_;
    std::vector<std::uint8_t> awake_;
    std::vector<bmath::BodySums> sums_;
    std::uint64_t samplesVersion_ = newSamplesVersion();
    double forcesS_ = 0.0;             // wall seconds of the last step's forces
};

}  // namespace

bool BodyWorld::available() { return true; }

Result<std::unique_ptr<BodyWorld>> BodyWorld::create(int width, int height, float cellSizeM, const std::vector<float>& bedM,
                                                     const HydroParams& hydro) {
    if (width < 2 || height < 2 || bedM.size() != std::size_t(width) * std::size_t(height))
        return Error{"bodies: the bed does not match the grid (" + std::to_string(width) + " x " + std::to_string(height) +
                     " cells, " + std::to_string(bedM.size()) + " heights)"};
    auto world = std::make_unique<BulletBodyWorld>(width, height, cellSizeM, hydro);
    world->setTerrain(bedM);
    return std::unique_ptr<BodyWorld>(std::move(world));
}

}  // namespace sluice::sim
