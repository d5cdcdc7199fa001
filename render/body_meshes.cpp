#include "render/body_meshes.hpp"

#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>

namespace sluice::render {

namespace {

using glm::vec3;

struct MeshBuilder {
    std::vector<BodyVertex> out;
    // A flat triangle; its normal from its winding, turned to point away from the body's centre (all
    // shapes here are convex and centred).
    void tri(vec3 a, vec3 b, vec3 c) {
        vec3 n = glm::normalize(glm::cross(b - a, c - a));
        if (glm::dot(n, (a + b + c) / 3.0f) < 0.0f) {
            std::swap(b, c);
            n = -n;
        }
        for (vec3 p : {a, b, c}) out.push_back({glm::vec4(p, 1.0f), glm::vec4(n, 0.0f)});
    }
    void quad(vec3 a, vec3 b, vec3 c, vec3 d) {
        tri(a, b, c);
        tri(a, c, d);
    }
};

}  // namespace

std::vector<BodyVertex> unitBodyMesh(sim::BodyShape shape) {
    MeshBuilder m;
    const float h = 0.5f;
    switch (shape) {
        case sim::BodyShape::Box:
        case sim::BodyShape::Block: {
            auto v = [&](int i) { return vec3(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h); };
            m.quad(v(0), v(1), v(3), v(2));  // bottom
            m.quad(v(4), v(5), v(7), v(6));  // top
            m.quad(v(0), v(1), v(5), v(4));  // south
            m.quad(v(2), v(3), v(7), v(6));  // north
            m.quad(v(0), v(2), v(6), v(4));  // west
            m.quad(v(1), v(3), v(7), v(5));  // east
            break;
        }
        case sim::BodyShape::Log: {
            constexpr int kSides = 24;
            for (int k = 0; k < kSides; ++k) {
                const float a0 = 2.0f * std::numbers::pi_v<float> * float(k) / kSides;
                const float a1 = 2.0f * std::numbers::pi_v<float> * float(k + 1) / kSides;
                const vec3 p0(0.0f, h * std::cos(a0), h * std::sin(a0)), p1(0.0f, h * std::cos(a1), h * std::sin(a1));
                const vec3 w(h, 0.0f, 0.0f);
                m.quad(p0 - w, p1 - w, p1 + w, p0 + w);
                m.tri(-w, p0 - w, p1 - w);
                m.tri(w, p0 + w, p1 + w);
            }
            break;
        }
        case sim::BodyShape::Boat: {
            // body.cpp's hull: the keel 70 % of the beam, the bow a point at +x from 0.3 of the length.
            const float k = 0.7f * h, s = 0.3f * h;
            const vec3 sb0(-h, -k, -h), sb1(-h, k, -h), st0(-h, -h, h), st1(-h, h, h);  // stern
            const vec3 mb0(s, -k, -h), mb1(s, k, -h), mt0(s, -h, h), mt1(s, h, h);      // shoulders
            const vec3 bb(h, 0.0f, -h), bt(h, 0.0f, h);                                 // bow
            m.quad(sb0, sb1, st1, st0);   // transom
            m.quad(sb0, mb0, mb1, sb1);   // bottom
            m.tri(mb0, bb, mb1);
            m.quad(st0, mt0, mt1, st1);   // deck
            m.tri(mt0, bt, mt1);
            m.quad(sb0, mb0, mt0, st0);   // sides
            m.quad(sb1, mb1, mt1, st1);
            m.quad(mb0, bb, bt, mt0);     // bow
            m.quad(mb1, bb, bt, mt1);
            break;
        }
    }
    return m.out;
}

}  // namespace sluice::render
