/* bm25.c - FTS5's BM25 weights of a query's postings, summed per document, for the
 * in-memory lexical ranking of soulmem's SQLite store (store/sqlite/lexicon.py).
 *
 * For each term t (in query order) and each of its postings (slot s, term frequency f):
 *     scores[s] += idf_t * ((f * (k1 + 1)) / (f + k1 * ((1 - b) + (b * length[s]) / avgdl)))
 * with every operation in double precision, in the order the numpy expression in
 * lexicon.py evaluates it, and the sums in posting order (as numpy.bincount adds them):
 * the same bits. Built with -ffp-contract=off, so no multiply-add is fused.
 */
#include <stdint.h>

int bm25_supported(void) { return 1; }

/* Postings of term t: slots[starts[t] .. starts[t + 1]), tfs likewise. scores starts at
 * zero and every weight is positive (idf > 0, f >= 1): a slot is written to found (in the
 * order first reached) when its score leaves zero. Returns how many were found. */
int64_t bm25_accumulate(int64_t n_terms, const int64_t *starts, const int32_t *slots,
                        const int32_t *tfs, const double *idfs, const double *length,
                        double avgdl, double k1, double b, double *scores, int32_t *found) {
    const double k1_plus_1 = k1 + 1.0;
    const double one_minus_b = 1 - b;
    int64_t n_found = 0;
    for (int64_t t = 0; t < n_terms; t++) {
        const double idf = idfs[t];
        for (int64_t i = starts[t]; i < starts[t + 1]; i++) {
            const int32_t s = slots[i];
            const double f = (double)tfs[i];
            const double norm = k1 * (one_minus_b + (b * length[s]) / avgdl);
            if (scores[s] == 0.0) {
                found[n_found++] = s;
            }
            scores[s] += idf * ((f * k1_plus_1) / (f + norm));
        }
    }
    return n_found;
}
