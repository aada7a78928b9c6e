"""The public API is explicit and honest (httpx tests/test_exported_members.py)."""

from __future__ import annotations

import soulmem
from soulmem import errors


def test_all_names_exist_and_nothing_public_is_missing() -> None:
    for name in soulmem.__all__:
        assert hasattr(soulmem, name), name
    public = {n for n in dir(soulmem) if not n.startswith("_")}
    modules = {
        "clock",
        "config",
        "engine",
        "errors",
        "model",
        "recall",
        "store",
        "embed",
        "validate",
    }
    assert public - modules <= set(soulmem.__all__)


def test_every_error_has_one_root() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.SoulmemError)
        assert 400 <= cls.status < 600
    assert issubclass(errors.UsageError, ValueError)
    assert issubclass(errors.NotFound, LookupError)
    assert issubclass(errors.DependencyMissing, ImportError)
