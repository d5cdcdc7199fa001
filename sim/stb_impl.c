/* The one translation unit that compiles the stb image reader/writer into sluice_sim. stb is built
 * from the headers here rather than linked from a system libstb so that the binary stays portable
 * and the configuration below is the only one in use. */

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION

/* stb is third-party code: its warnings are not ours to fix. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic ignored "-Wextra"
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif

/* On some malformed PNGs stb calls memcpy(NULL, src, 0): harmless, but undefined behaviour that
 * UBSan (SLUICE_SANITIZE builds) reports. Route stb's memcpy through a guard that skips empty copies. */
#include <string.h>
static void* sluiceStbMemcpy(void* dst, const void* src, size_t n) { return n ? memcpy(dst, src, n) : dst; }
#define memcpy sluiceStbMemcpy

#include <stb_image.h>
#include <stb_image_write.h>

#undef memcpy

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
