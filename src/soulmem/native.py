"""soulmem's optional compiled parts (built by ``setup.py``): find one in its package folder
and ask it whether this CPU can run it."""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

__all__ = ["native_function", "native_library"]


def native_library(folder: Path, stem: str, supported: str) -> Path | None:
    """The shared library ``folder/stem*.so`` when it was built and its ``supported()``
    function (no arguments, returns 1 or 0) says this CPU has what it needs."""
    for lib in sorted(folder.glob(f"{stem}*.so")):
        try:
            check = getattr(ctypes.CDLL(str(lib)), supported)
        except (OSError, AttributeError):
            continue
        check.restype, check.argtypes = ctypes.c_int, []
        return lib if check() == 1 else None
    return None


def native_function(
    folder: Path, stem: str, supported: str, name: str, restype: Any, argtypes: list[Any]
) -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """The C function ``name`` of :func:`native_library`'s library, typed with ``restype``
    and ``argtypes`` (ctypes releases the GIL while it runs), or None where it cannot run."""
    lib = native_library(folder, stem, supported)
    if lib is None:
        return None
    function = getattr(ctypes.CDLL(str(lib)), name)
    function.restype = restype
    function.argtypes = argtypes
    return function
