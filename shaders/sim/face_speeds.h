// The largest face speeds of a dispatch for the CFL substep policy (GpuStats): what the flows asked
// for and what the Courant guard allowed, reduced in shared memory and then with one atomic per group.
// Non-negative floats order like their bit patterns, so an integer max is a float max. Include after
// the kernel declares `stats`; call resetGroupSpeeds() from invocation 0 before the first barrier and
// recordSpeeds() from every invocation that reaches the end.
#ifndef SLUICE_FACE_SPEEDS_H
#define SLUICE_FACE_SPEEDS_H

shared uint sDemand;
shared uint sAllowed;

void resetGroupSpeeds() {
    sDemand = 0u;
    sAllowed = 0u;
}

void recordSpeeds(float demand, float allowed) {
    if (demand > 0.0) atomicMax(sDemand, floatBitsToUint(demand));
    if (allowed > 0.0) atomicMax(sAllowed, floatBitsToUint(allowed));
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        if (sDemand > 0u) atomicMax(stats.maxSpeedBits, sDemand);
        if (sAllowed > 0u) atomicMax(stats.allowedSpeedBits, sAllowed);
    }
}

#endif
