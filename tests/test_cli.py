"""The command line, driven through typer's runner against real SQLite files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soulmem.cli import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_round_trip(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    common = ["-u", "u1", "-a", "luna", "--db", db, "--embedder", "fake"]
    created = json.loads(run("observe", *common, "--user", "my cat is Mochi", "--session", "s1"))
    assert created["event_id"].startswith("ev_")
    out = json.loads(run("recall", "cat name", *common, "--json"))
    assert out["items"][0]["source_event_ids"] == [created["event_id"]]
    assert "Mochi" in out["text"]
    exported = run("export", "-u", "u1", "-a", "luna", "--db", db)
    lines = [json.loads(line) for line in exported.splitlines()]
    assert lines[0]["user_text"] == "my cat is Mochi" and lines[0]["type"] == "event"
    dump = tmp_path / "dump.jsonl"
    dump.write_text(exported, encoding="utf-8")
    db2 = str(tmp_path / "other.db")
    assert "imported 1 turns" in run("import", str(dump), "--db", db2, "--embedder", "fake")
    again = json.loads(
        run(
            "recall", "Mochi", "-u", "u1", "-a", "luna", "--db", db2, "--embedder", "fake", "--json"
        )
    )
    assert "Mochi" in again["text"]


def test_cli_reports_bad_input_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"user": "ok", "user_id": "u", "agent_id": "a"}\nnot json\n', encoding="utf-8")
    result = runner.invoke(
        app, ["import", str(bad), "--db", str(tmp_path / "x.db"), "--embedder", "fake"]
    )
    assert result.exit_code != 0
    assert isinstance(result.exception, Exception)
    assert "not valid JSON" in str(result.exception)


def test_installed_command_prints_a_clear_error(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("soulmem")
    result = subprocess.run(
        [
            str(exe),
            "observe",
            "-u",
            "u1",
            "-a",
            "luna",
            "--db",
            str(tmp_path / "e.db"),
            "--embedder",
            "fake",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "error:" in result.stderr and "a turn needs user or assistant text" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_demo_runs_offline_and_shows_results() -> None:
    out = run("demo")
    assert "observed 16 turns" in out
    assert "When is Mina's birthday?" in out
    assert "3월 15일" in out


def test_maintain_and_worker_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "ops.db")
    run("observe", "-u", "u1", "-a", "luna", "--db", db, "--embedder", "fake", "--user", "hi")
    out = json.loads(run("maintain", "--db", db, "--embedder", "fake"))
    assert out["scopes"] == 1
    result = runner.invoke(
        app, ["worker", "--db", db, "--embedder", "fake", "--rounds", "2", "--interval", "0.01"]
    )
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("module", ["soulmem", "soulmem.cli"])
def test_python_dash_m_runs_the_cli(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "analyze", "--json", "I love my dog Max"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["language"] == "en"
