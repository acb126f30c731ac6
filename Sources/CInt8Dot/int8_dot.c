// The vector scan's inner loop, and the re-ranker's sum of embedding rows (manual_int8_accumulate). Swift
// compiles for the x86-64 baseline (SSE2), where widening int8 to int16 takes five instructions per eight numbers; AVX2 widens sixteen in one and multiplies and adds
// pairs in another (vpmaddwd). Every product fits int16 * int16 -> int32 and a sum of 256 of them (at most
// 256 * 128 * 128) fits int32, so both paths give the same sum, bit for bit.
#include "manual_int8_dot.h"
#include <stdatomic.h>

// No multiply and add fused into one rounding, on any processor: the float loops must give what Swift's
// `sum[d] += Float(values[d]) * scale` gave, which rounds the product and the sum each.
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

__attribute__((target("avx2")))
static int32_t dot_avx2(const int8_t *a, const int8_t *b, size_t count) {
    __m256i sums = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i x = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(a + i)));
        __m256i y = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(b + i)));
        sums = _mm256_add_epi32(sums, _mm256_madd_epi16(x, y));
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    int32_t sum = _mm_cvtsi128_si32(s);
    for (; i < count; i++) sum += (int32_t)a[i] * (int32_t)b[i];
    return sum;
}

/// 1 when the processor has AVX2 and the system saves its registers (OSXSAVE, XCR0's SSE and AVX state).
static int has_avx2(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & bit_AVX2) != 0;
}

// Eight numbers at a time, each with the plain loop's multiply and add (no fusing: see the pragma above).
__attribute__((target("avx2")))
static void accumulate_avx2(const int8_t *values, float scale, float *sum, size_t count) {
    __m256 factor = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 x = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(values + i))));
        _mm256_storeu_ps(sum + i, _mm256_add_ps(_mm256_loadu_ps(sum + i), _mm256_mul_ps(x, factor)));
    }
    for (; i < count; i++) sum[i] += (float)values[i] * scale;
}
#endif

static void accumulate_plain(const int8_t *values, float scale, float *sum, size_t count) {
    for (size_t i = 0; i < count; i++) sum[i] += (float)values[i] * scale;
}

static int32_t dot_plain(const int8_t *a, const int8_t *b, size_t count) {
    int32_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += (int32_t)a[i] * (int32_t)b[i];
    return sum;
}

/// 0: not yet checked, 1: plain, 2: AVX2. Threads that check at once store the same answer.
static atomic_int path = 0;

/// 2 when the AVX2 kernels are to be used, else 1 (checked once).
static int chosen_path(void) {
    int chosen = atomic_load_explicit(&path, memory_order_relaxed);
    if (chosen == 0) {
#if defined(__x86_64__)
        chosen = has_avx2() ? 2 : 1;
#else
        chosen = 1;
#endif
        atomic_store_explicit(&path, chosen, memory_order_relaxed);
    }
    return chosen;
}

int32_t manual_int8_dot(const int8_t *a, const int8_t *b, size_t count) {
#if defined(__x86_64__)
    if (chosen_path() == 2) return dot_avx2(a, b, count);
#endif
    return dot_plain(a, b, count);
}

void manual_int8_accumulate(const int8_t *values, float scale, float *sum, size_t count) {
#if defined(__x86_64__)
    if (chosen_path() == 2) {
        accumulate_avx2(values, scale, sum, count);
        return;
    }
#endif
    accumulate_plain(values, scale, sum, count);
}
