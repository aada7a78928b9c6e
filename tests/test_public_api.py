"""The public API is explicit and honest (httpx tests/test_exported_members.py)."""

from __future__ import annotations

import types

import soulmem
from soulmem import errors


def test_all_names_exist_and_nothing_public_is_missing() -> None:
    for name in soulmem.__all__:
        assert hasattr(soulmem, name), name
    public = {
        name
        for name in dir(soulmem)
        if not name.startswith("_") and not isinstance(getattr(soulmem, name), types.ModuleType)
    }
    assert public <= set(soulmem.__all__)


def test_every_error_has_one_root() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.SoulmemError)
        assert 400 <= cls.status < 600
    assert issubclass(errors.UsageError, ValueError)
    assert issubclass(errors.NotFound, LookupError)
    assert issubclass(errors.DependencyMissing, ImportError)
