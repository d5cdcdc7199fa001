#include "render/camera_path.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace sluice::render {

namespace {

constexpr float kTwoPi = 6.283185307f;

/// The Hermite curve through (t0, p0) and (t1, p1) with slopes m0, m1 (units per second) at u in [0, 1].
float hermite(float p0, float p1, float m0, float m1, float spanSeconds, float u) {
    const float u2 = u * u, u3 = u2 * u;
    const float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
    return h00 * p0 + h10 * spanSeconds * m0 + h01 * p1 + h11 * spanSeconds * m1;
}

}  // namespace

CameraPath::CameraPath(std::vector<CameraKeyframe> keys) : keys_(std::move(keys)) {
    for (std::size_t i = 1; i < keys_.size(); ++i) {
        assert(keys_[i].timeSeconds > keys_[i - 1].timeSeconds);
        // Shortest turn: shift each yaw by whole turns to within pi of the previous one.
        const float d = std::remainder(keys_[i].yawRad - keys_[i - 1].yawRad, kTwoPi);
        keys_[i].yawRad = keys_[i - 1].yawRad + d;
    }
}

Camera CameraPath::at(double timeSeconds, Camera base) const {
    if (keys_.empty()) return base;
    const std::size_t n = keys_.size();
    // Segment [k, k+1] holding the time; clamped to the ends.
    std::size_t k = 0;
    double u = 0;
    if (timeSeconds >= keys_.back().timeSeconds) {
        k = n - 1;
    } else if (timeSeconds > keys_.front().timeSeconds) {
        k = std::size_t(std::upper_bound(keys_.begin(), keys_.end(), timeSeconds,
                                         [](double t, const CameraKeyframe& key) { return t < key.timeSeconds; }) -
                        keys_.begin()) - 1;
        u = (timeSeconds - keys_[k].timeSeconds) / (keys_[k + 1].timeSeconds - keys_[k].timeSeconds);
    }

    // One scalar channel of the keys (yaw, pitch, log distance, target x/y/z), interpolated.
    auto channel = [&](auto value) -> float {
        if (k + 1 >= n || u <= 0) return value(keys_[k]);
        auto slope = [&](std::size_t i) -> float {
            if (i == 0 || i + 1 >= n) return 0.0f;  // ease in/out at the ends
            return float((value(keys_[i + 1]) - value(keys_[i - 1])) /
                         (keys_[i + 1].timeSeconds - keys_[i - 1].timeSeconds));
        };
        const float span = float(keys_[k + 1].timeSeconds - keys_[k].timeSeconds);
        return hermite(value(keys_[k]), value(keys_[k + 1]), slope(k), slope(k + 1), span, float(u));
    };

    Camera cam = base;
    cam.yawRad = std::remainder(channel([](const CameraKeyframe& c) { return c.yawRad; }), kTwoPi);
    cam.pitchRad = std::clamp(channel([](const CameraKeyframe& c) { return c.pitchRad; }), 0.05f, 1.55f);
    cam.distanceM = std::exp(channel([](const CameraKeyframe& c) { return std::log(c.distanceM); }));
    cam.target = glm::vec3(channel([](const CameraKeyframe& c) { return c.target.x; }),
                           channel([](const CameraKeyframe& c) { return c.target.y; }),
                           channel([](const CameraKeyframe& c) { return c.target.z; }));
    cam.farM = std::max(cam.farM, cam.distanceM * 4.0f);
    return cam;
}

}  // namespace sluice::render
