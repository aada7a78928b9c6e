"""Whether this machine should have soulmem's compiled parts (``setup.py``): an x86-64 CPU
with the AVX-512 features they need and the C compiler the install would have used."""

from __future__ import annotations

import platform
import shutil
import sysconfig
from pathlib import Path


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def expect_built(*flags: str) -> bool:
    """True when the install had a compiler and this CPU has every flag in ``flags``."""
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return (
        platform.machine() in ("x86_64", "AMD64")
        and shutil.which(compiler) is not None
        and set(flags) <= cpu_flags()
    )
