"""soulmem's optional compiled parts (built by ``setup.py``): find one in its package folder
and ask it whether this CPU can run it."""

from __future__ import annotations

import ctypes
from pathlib import Path

__all__ = ["native_library"]


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
