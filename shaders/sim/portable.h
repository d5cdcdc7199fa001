// The macros that let the shared formula headers (pipe_math.h, swe_math.h, transfer_math.h,
// boundary_math.h, brush_math.h) compile both as C++ (the CPU reference, sim/kernel_math.hpp) and as
// GLSL (the kernels, through the shader loader's #include):
//   SLUICE_FN       a function definition: inline in C++ (headers), plain in GLSL
//   SLUICE_PRECISE  forbids fused multiply-add in GLSL (`precise`); C++ compiles with
//                   -ffp-contract=off instead, so both sides round every operation alike
//   SLUICE_OUT(T)   an output parameter: T& in C++, `out T` in GLSL
//   SLUICE_INOUT(T) a parameter read and written: T& in C++, `inout T` in GLSL
#ifndef SLUICE_PORTABLE_H
#define SLUICE_PORTABLE_H

#ifdef __cplusplus
#define SLUICE_FN inline
#define SLUICE_PRECISE
#define SLUICE_OUT(T) T&
#define SLUICE_INOUT(T) T&
#else
#define SLUICE_FN
#define SLUICE_PRECISE precise
#define SLUICE_OUT(T) out T
#define SLUICE_INOUT(T) inout T
#endif

#endif
