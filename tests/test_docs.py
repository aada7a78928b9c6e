"""The README's quick start runs as written (pydantic-ai tests/test_examples.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "make demo" in first_block and "make test" in first_block


@pytest.mark.slow
def test_readme_quick_start_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text(encoding="utf-8")
    code = re.search(r"## Quick start\n\n```python\n(.*?)```", text, re.S)
    assert code is not None
    lines = code.group(1).strip().splitlines()
    assert len(lines) <= 12
    exec(compile(code.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "3월 15일" in out and "turn" in out
