"""Benchmarks for soulmem: retrieval quality and latency on public datasets.

Modules:

- ``soulmem.bench.locomo``: LoCoMo turn-retrieval recall (R@k, All@k) and observe/recall latency.
- ``soulmem.bench.stats``: percentiles and small summary helpers shared by benchmarks.

Datasets are never bundled; their paths are always passed in.
"""

__all__: list[str] = []
