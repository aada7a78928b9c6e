/* vecscan.c - approximate dense scores over int8 vector codes, for soulmem's SQLite store.
 *
 * A scope's float32 vectors x_r are kept as well as codes c_r (int8) with a per-row scale
 * s_r around a shared center m: x_r ~ m + s_r * c_r. vs_scan_i8 computes, for a query q,
 *     out[r] = bias + s_r * sum_i q_i * c_ri        (bias = q . m, computed by the caller)
 * reading a quarter of the bytes of the float32 scan. The caller re-scores the best rows
 * exactly and keeps the result only when the codes' error bound proves it exact
 * (store/sqlite/quantized.py). AVX-512 only (vs_supported() says whether this CPU has it),
 * and d a multiple of 16. The caller runs it through vs_scan_i8_shared, which the calling
 * thread and a helper thread share chunk by chunk.
 *
 * Where the CPU also has AVX-512 VNNI (vs_vnni_supported()), the query is quantized too,
 * q ~ t * k (k int8, t its scale), and vs_scan_u8 sums integer products 64 at a time:
 *     out[r] = bias + s_r * t * (sum_i (k_i + 128) * c_ri - 128 * sum_i c_ri)
 * (the row sums sum_i c_ri kept beside the codes; VPDPBUSD multiplies unsigned by signed
 * bytes). The caller widens the error bound by what quantizing the query costs. The scan
 * then runs at the speed the codes are read from memory, not at the float products'.
 *
 * vs_dot_rows and vs_key_rows score chosen float32 rows of the matrix itself (the exact
 * re-scoring, the similarity of given ids, the context keys), reading each row in place
 * instead of a gathered copy; each score is summed in one fixed order from its own rows, so
 * it is the same whatever rows are asked with it.
 */
#include <math.h>
#include <stdint.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

int vs_supported(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
}

#pragma GCC push_options
#pragma GCC target("avx2,fma,avx512f,avx512bw,avx512vl,avx512dq")

static inline __m512 widen(const int8_t *p) {
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)p)));
}

/* d must be a multiple of 16 (the caller keeps no codes otherwise) */
void vs_scan_i8(const int8_t *codes, const float *scale, int64_t n, int32_t d,
                const float *q, float bias, float *out) {
    for (int64_t r = 0; r < n; r++) {
        const int8_t *c = codes + r * d;
        __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
        int32_t i = 0;
        for (; i + 32 <= d; i += 32) {
            a0 = _mm512_fmadd_ps(widen(c + i), _mm512_loadu_ps(q + i), a0);
            a1 = _mm512_fmadd_ps(widen(c + i + 16), _mm512_loadu_ps(q + i + 16), a1);
        }
        if (i < d) a0 = _mm512_fmadd_ps(widen(c + i), _mm512_loadu_ps(q + i), a0);
        out[r] = bias + scale[r] * _mm512_reduce_add_ps(_mm512_add_ps(a0, a1));
    }
}

/* rows ahead whose bytes the loops ask for (rows asked for are scattered: each is a miss) */
#define VS_AHEAD 2

static inline void ask_row(const float *row, int32_t d) {
    for (int32_t b = 0; b < d; b += 16) _mm_prefetch((const char *)(row + b), _MM_HINT_T0);
}

/* out[k] = m[rows[k]] . q  (d a multiple of 16) */
void vs_dot_rows(const float *m, int32_t d, const int64_t *rows, int64_t n, const float *q,
                 float *out) {
    for (int64_t k = 0; k < n; k++) {
        if (k + VS_AHEAD < n) ask_row(m + rows[k + VS_AHEAD] * d, d);
        const float *a = m + rows[k] * d;
        __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
        int32_t i = 0;
        for (; i + 32 <= d; i += 32) {
            s0 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i), _mm512_loadu_ps(q + i), s0);
            s1 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i + 16), _mm512_loadu_ps(q + i + 16), s1);
        }
        if (i < d) s0 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i), _mm512_loadu_ps(q + i), s0);
        out[k] = _mm512_reduce_add_ps(_mm512_add_ps(s0, s1));
    }
}

/* out[k] = (x + y) . q / max(|x + y|, 1e-12) with x = m[a[k]], y = m[b[k]]: the context
 * key of a reply and the turn it replies to (d a multiple of 16) */
void vs_key_rows(const float *m, int32_t d, const int64_t *a, const int64_t *b, int64_t n,
                 const float *q, float *out) {
    for (int64_t k = 0; k < n; k++) {
        if (k + VS_AHEAD < n) {
            ask_row(m + a[k + VS_AHEAD] * d, d);
            ask_row(m + b[k + VS_AHEAD] * d, d);
        }
        const float *x = m + a[k] * d, *y = m + b[k] * d;
        __m512 dot = _mm512_setzero_ps(), sq = _mm512_setzero_ps();
        for (int32_t i = 0; i < d; i += 16) {
            __m512 key = _mm512_add_ps(_mm512_loadu_ps(x + i), _mm512_loadu_ps(y + i));
            dot = _mm512_fmadd_ps(key, _mm512_loadu_ps(q + i), dot);
            sq = _mm512_fmadd_ps(key, key, sq);
        }
        float norm = sqrtf(_mm512_reduce_add_ps(sq));
        out[k] = _mm512_reduce_add_ps(dot) / (norm > 1e-12f ? norm : 1e-12f);
    }
}
#pragma GCC pop_options

int vs_vnni_supported(void) {
    __builtin_cpu_init();
    return vs_supported() && __builtin_cpu_supports("avx512vnni");
}

#pragma GCC push_options
#pragma GCC target("avx2,fma,avx512f,avx512bw,avx512vl,avx512dq,avx512vnni")

/* d must be a multiple of 16 (the codes' rule); the last partial 64 bytes are masked */
void vs_scan_u8(const int8_t *codes, const float *scale, const int32_t *sums, int64_t n,
                int32_t d, const uint8_t *q, float qscale, float bias, float *out) {
    int32_t full = d / 64 * 64;
    __mmask64 tail = d == full ? 0 : (~(__mmask64)0) >> (64 - (d - full));
    for (int64_t r = 0; r < n; r++) {
        const int8_t *c = codes + r * d;
        __m512i a0 = _mm512_setzero_si512(), a1 = _mm512_setzero_si512();
        int32_t i = 0;
        for (; i + 128 <= full; i += 128) {
            a0 = _mm512_dpbusd_epi32(a0, _mm512_loadu_si512((const void *)(q + i)),
                                     _mm512_loadu_si512((const void *)(c + i)));
            a1 = _mm512_dpbusd_epi32(a1, _mm512_loadu_si512((const void *)(q + i + 64)),
                                     _mm512_loadu_si512((const void *)(c + i + 64)));
        }
        if (i < full) {
            a0 = _mm512_dpbusd_epi32(a0, _mm512_loadu_si512((const void *)(q + i)),
                                     _mm512_loadu_si512((const void *)(c + i)));
            i += 64;
        }
        if (tail)
            a1 = _mm512_dpbusd_epi32(a1, _mm512_maskz_loadu_epi8(tail, q + i),
                                     _mm512_maskz_loadu_epi8(tail, c + i));
        int32_t dot = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)) - 128 * sums[r];
        out[r] = bias + scale[r] * qscale * (float)dot;
    }
}
#pragma GCC pop_options

#else
int vs_supported(void) { return 0; }
int vs_vnni_supported(void) { return 0; }

void vs_scan_u8(const int8_t *codes, const float *scale, const int32_t *sums, int64_t n,
                int32_t d, const uint8_t *q, float qscale, float bias, float *out) {
    for (int64_t r = 0; r < n; r++) {
        int32_t dot = 0;
        for (int32_t i = 0; i < d; i++) dot += ((int32_t)q[i] - 128) * codes[r * d + i];
        out[r] = bias + scale[r] * qscale * (float)dot;
    }
}

void vs_scan_i8(const int8_t *codes, const float *scale, int64_t n, int32_t d,
                const float *q, float bias, float *out) {
    for (int64_t r = 0; r < n; r++) {
        float a = 0.f;
        for (int32_t i = 0; i < d; i++) a += q[i] * (float)codes[r * d + i];
        out[r] = bias + scale[r] * a;
    }
}

void vs_dot_rows(const float *m, int32_t d, const int64_t *rows, int64_t n, const float *q,
                 float *out) {
    for (int64_t k = 0; k < n; k++) {
        float a = 0.f;
        for (int32_t i = 0; i < d; i++) a += m[rows[k] * d + i] * q[i];
        out[k] = a;
    }
}

void vs_key_rows(const float *m, int32_t d, const int64_t *a, const int64_t *b, int64_t n,
                 const float *q, float *out) {
    for (int64_t k = 0; k < n; k++) {
        float dot = 0.f, sq = 0.f;
        for (int32_t i = 0; i < d; i++) {
            float key = m[a[k] * d + i] + m[b[k] * d + i];
            dot += key * q[i];
            sq += key * key;
        }
        float norm = sqrtf(sq);
        out[k] = dot / (norm > 1e-12f ? norm : 1e-12f);
    }
}

#endif

/* Rows [c * chunk, (c + 1) * chunk) for every chunk c taken from job[0], until none is
 * left; job[1] counts the rows done. Several threads may run it on the same job at once:
 * each chunk is scanned once, by whichever thread takes it (so a caller whose helper thread
 * has not started yet does all the work itself). */
void vs_scan_i8_shared(const int8_t *codes, const float *scale, int64_t n, int32_t d,
                       const float *q, float bias, float *out, int64_t chunk, int64_t *job) {
    for (;;) {
        int64_t lo = __atomic_fetch_add(&job[0], 1, __ATOMIC_SEQ_CST) * chunk;
        if (lo >= n) break;
        int64_t rows = n - lo < chunk ? n - lo : chunk;
        vs_scan_i8(codes + lo * d, scale + lo, rows, d, q, bias, out + lo);
        __atomic_fetch_add(&job[1], rows, __ATOMIC_SEQ_CST);
    }
}

/* vs_scan_u8 shared the same way */
void vs_scan_u8_shared(const int8_t *codes, const float *scale, const int32_t *sums, int64_t n,
                       int32_t d, const uint8_t *q, float qscale, float bias, float *out,
                       int64_t chunk, int64_t *job) {
    for (;;) {
        int64_t lo = __atomic_fetch_add(&job[0], 1, __ATOMIC_SEQ_CST) * chunk;
        if (lo >= n) break;
        int64_t rows = n - lo < chunk ? n - lo : chunk;
        vs_scan_u8(codes + lo * d, scale + lo, sums + lo, rows, d, q, qscale, bias, out + lo);
        __atomic_fetch_add(&job[1], rows, __ATOMIC_SEQ_CST);
    }
}
