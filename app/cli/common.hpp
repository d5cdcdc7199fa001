#pragma once
// Pieces shared by the CLI verbs: scene arguments and solver backends.
#include <memory>
#include <string>

#include "app/cli/args.hpp"
#include "gl/egl_context.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

/// A scene argument: a path to a scene JSON file, a snapshot (.sluice, recognised by its magic
/// bytes: the scene then resumes the saved run), or "builtin:NAME[:SIZE]" (NAME default|bench).
/// Loader warnings are printed to stderr.
Result<sim::Scene> loadSceneArgument(const std::string& arg);

/// A solver plus the headless context it needs (GPU backend only).
struct Backend {
    std::unique_ptr<gl::EglContext> context;
    std::unique_ptr<sim::Solver> solver;
};

/// --backend gpu|cpu (default gpu); the error names the option and the text.
Result<std::string> backendOption(const CliArgs& args);

/// Creates the "cpu" or "gpu" backend for a scene. GPU errors mean no usable context or the grid
/// does not fit; the caller exits with kExitNoGpu. With `current` (a context the caller owns, current
/// on this thread and outliving the backend) the GPU solver is made in it and Backend::context stays
/// empty: callers that make many backends (sweep) share one context, since each EglContext terminates
/// its EGL display when destroyed.
Result<Backend> makeBackend(const std::string& name, const sim::Scene& scene, const gl::EglContext* current = nullptr);

/// residual / max(volume, initial + added): the ledger's error as a fraction of the water handled.
double relativeResidual(const sim::Ledger& ledger);

/// Largest flow speed |Q| / (h_f dx) over faces deeper than 5 mm (m/s), h_f the depth of the higher
/// surface over the higher bed. A report of the saved flow field for people reading summaries; the
/// solver's own Courant guard covers every face whatever its depth (summary "max_courant").
float maxFlowSpeed(const sim::FieldSnapshot& s);

}  // namespace sluice::app
