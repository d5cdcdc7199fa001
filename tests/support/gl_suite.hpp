#pragma once
// A test suite that shares one headless GL context (EGL; Mesa llvmpipe on CI) among its tests:
// creating a context per test costs more than most GL tests run.
#include <gtest/gtest.h>

#include <memory>

#include "gl/egl_context.hpp"

namespace sluice::test {

/// Base for a suite (Base: ::testing::Test or ::testing::TestWithParam<...>) whose tests need a
/// current GL 4.5 context; fails the suite when there is none.
template <class Base = ::testing::Test>
class WithGlContext : public Base {
protected:
    static void SetUpTestSuite() {
        auto c = gl::EglContext::create();
        ASSERT_TRUE(c) << "no headless GL context: " << c.error().message;
        context_ = std::move(*c);
    }
    static void TearDownTestSuite() { context_.reset(); }
    static inline std::unique_ptr<gl::EglContext> context_;
};

}  // namespace sluice::test
