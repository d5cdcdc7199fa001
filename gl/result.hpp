#pragma once
// Result type for recoverable errors (files, scenes, contexts). Programmer errors assert instead.
// It lives in gl/, the lowest layer, because every layer returns it (contexts and programs here).
// The message always names the file (or object) and the problem, ready to show to a user.
#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace sluice {

/// A recoverable failure: one human-readable sentence naming the file/field and the problem.
struct Error {
    std::string message;
};

/// Either a value or an Error. Minimal stand-in for C++23 std::expected.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error error) : error_(std::move(error)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    T& value() { assert(ok()); return *value_; }
    const T& value() const { assert(ok()); return *value_; }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() { return value(); }
    const Error& error() const { assert(!ok()); return error_; }

private:
    std::optional<T> value_;
    Error error_;
};

/// Result for operations that return nothing on success.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : failed_(true), error_(std::move(error)) {}
    bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { assert(failed_); return error_; }

private:
    bool failed_ = false;
    Error error_;
};

}  // namespace sluice
