"""Reliability: crash safety under SIGKILL, concurrent processes on one file, schemathesis
against the OpenAPI schema, the erase audit over the raw files, and the audits' own
ability to fail. Short versions of what ``soulmem bench reliability`` repeats."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from soulmem import Memory
from soulmem.bench.concurrency import run_concurrency
from soulmem.bench.crash import integrity_problems, run_crash_trials
from soulmem.bench.erase import run_erase_probe
from soulmem.bench.fuzz import error_shape_problem, run_schemathesis
from soulmem.bench.rawscan import fingerprint, marker_hits
from soulmem.cli import app as cli
from soulmem.embed import FakeEmbedder


def test_acknowledged_turns_survive_sigkill(shared_location: str) -> None:
    db = shared_location  # Postgres: the server process dies, the database server runs on
    report = run_crash_trials(db, 2, seed=7, kill_after=(0.2, 0.6))
    assert report.trials == 2 and report.acknowledged >= 16
    assert (report.lost, report.duplicated, report.integrity_failures) == (0, 0, 0)
    assert report.problems == []
    assert integrity_problems(db) == []


def test_eight_processes_on_one_database_lose_and_duplicate_nothing(shared_location: str) -> None:
    report = run_concurrency(shared_location, 1, processes=8, turns=8)
    assert report.runs == 1 and report.problems == []
    assert report.acknowledged + report.busy == 8 * 8
    assert (report.lost, report.duplicated, report.leaked_errors, report.refused_stored) == (
        0,
        0,
        0,
        0,
    )


def test_integrity_check_reports_a_damaged_file(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        for n in range(40):
            mem.scope("u", "luna").observe(user=f"turn number {n} about the sea and the sky")
    assert integrity_problems(str(db)) == []
    data = bytearray(db.read_bytes())
    page = 4096
    for offset in range(page * 3, len(data) - page, page * 2):  # keep the header page
        data[offset + 100 : offset + 400] = b"\xa5" * 300
    db.write_bytes(bytes(data))
    try:
        problems = integrity_problems(str(db))
    except Exception as exc:  # damaged beyond opening: also a failed check
        problems = [str(exc)]
    assert problems


def test_erase_leaves_no_marker_in_the_database_and_the_export_round_trips(
    backend: str, shared_location: str
) -> None:
    result = run_erase_probe(shared_location)
    assert result["erase_marker_hits_before"] > 0  # the scan sees the marker when it is there
    index = {"lexical"} if backend == "sqlite" else {"lexical_terms", "lexical_df"}
    assert {"events", "facts", "revisions", "memories", "jobs", "summaries", *index} <= set(
        result["erase_marker_tables_before"]
    )
    assert result["erase_marker_hits"] == 0 and result["erase_marker_places"] == []
    assert result["erase_deleted_rows"] > 0 and result["erase_other_user_events"] == 1
    assert result["export_roundtrip_identical"] is True


def test_marker_scan_reads_the_wal_of_an_open_database(tmp_path: Path) -> None:
    db = tmp_path / "wal.db"
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        mem.scope("u", "luna").observe(user="the word is qqwalmarker")
        hits = marker_hits(str(db), "qqwalmarker")
        assert hits.get("wal.db-wal", 0) > 0, hits


def test_erase_waits_out_a_reader_of_an_older_snapshot(tmp_path: Path) -> None:
    """A reader still on a snapshot from before the erase keeps the erased text's frames in
    the WAL past the busy timeout; the erase checkpoints again and the WAL comes clean once
    the reader lets go (before: one checkpoint, its result unread)."""
    import sqlite3
    import threading

    db = tmp_path / "snap.db"
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        store: Any = mem.store
        store._db.busy_timeout_ms = 50  # the first checkpoint gives up after 50 ms
        store._db._writer.execute("PRAGMA busy_timeout = 50")
        mem.scope("gone", "luna").observe(user="my code word is qqsnapmarker")
        mem.scope("kept", "luna").observe(user="nothing to hide here")
        reader = sqlite3.connect(db, check_same_thread=False)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM events").fetchone()  # holds its snapshot
        timer = threading.Timer(0.2, reader.rollback)
        timer.start()
        try:
            assert not store._db.checkpoint()  # held back while the reader stays
            assert mem.erase_user("gone") > 0
        finally:
            timer.join()
            reader.close()
        assert marker_hits(str(db), "qqsnapmarker") == {}


def test_a_reader_that_never_lets_go_gets_a_warning_not_a_hang(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import sqlite3
    import time

    db = tmp_path / "held.db"
    with Memory.open(db, embedder=FakeEmbedder()) as mem:
        store: Any = mem.store
        store._db.busy_timeout_ms = 50
        store._db._writer.execute("PRAGMA busy_timeout = 50")
        mem.scope("gone", "luna").observe(user="held text qqheldmarker")
        reader = sqlite3.connect(db)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM events").fetchone()
        try:
            started = time.monotonic()
            assert mem.erase_user("gone") > 0
            assert time.monotonic() - started < 10
        finally:
            reader.close()
        assert "could not be truncated" in caplog.text
    assert marker_hits(str(db), "qqheldmarker") == {}  # gone at the next checkpoint (close)


def test_fingerprint_changes_with_any_write(shared_location: str) -> None:
    with Memory.open(shared_location, embedder=FakeEmbedder()) as mem:
        before = fingerprint(shared_location)
        assert fingerprint(shared_location) == before
        mem.scope("u", "luna").observe(user="hello")
        assert fingerprint(shared_location) != before


def test_schemathesis_finds_no_server_error_and_no_write_on_rejection(tmp_path: Path) -> None:
    report = run_schemathesis(str(tmp_path / "fuzz.db"), 1, seed=11)
    assert report.cases > 40
    assert report.failures == 0, report.problems[:10]
    assert set(report.statuses) & {400, 422} and 200 in report.statuses


@pytest.mark.parametrize(
    ("body", "ok"),
    [
        (b'{"error": {"code": "invalid_input", "message": "user is required"}}', True),
        (b'{"detail": "Not Found"}', False),
        (b'{"error": {"code": "x", "message": ""}}', False),
        (b"<html>oops</html>", False),
    ],
)
def test_the_error_shape_check_can_fail(body: bytes, ok: bool) -> None:
    assert (error_shape_problem(400, body) is None) is ok


def test_bench_reliability_prints_the_acceptance_keys(tmp_path: Path) -> None:
    # SQLite only: on Postgres each part has its own test above (the CLI adds 25 s there)
    db = str(tmp_path / "all.db")
    result = CliRunner().invoke(
        cli,
        [
            "bench",
            "reliability",
            "--json",
            "--trials",
            "1",
            "--concurrency-runs",
            "1",
            "--processes",
            "2",
            "--turns",
            "2",
            "--schemathesis-cases",
            "1",
            "--db",
            db,
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    keys = (
        "crash_trials",
        "acknowledged",
        "lost",
        "duplicated",
        "concurrency_runs",
        "schemathesis_cases",
        "schemathesis_failures",
        "erase_marker_hits",
    )
    assert all(key in out for key in keys)
    assert (out["lost"], out["duplicated"], out["schemathesis_failures"]) == (0, 0, 0)
    assert out["erase_marker_hits"] == 0 and out["crash_trials"] == 1, out["erase"]
    assert out["backend"] == "sqlite" and out["integrity_failures"] == 0
    assert integrity_problems(db) == []


def test_erase_drops_the_words_cached_in_the_process(tmp_path: Path) -> None:
    from soulmem.recall.tokenize import _stem

    with Memory.open(tmp_path / "cache.db", embedder=FakeEmbedder()) as mem:
        mem.scope("gone", "luna").observe(user="qqcachedword travelling")
        mem.scope("gone", "luna").recall("qqcachedword")
        assert _stem.cache_info().currsize > 0
        assert mem.erase_user("gone") > 0
        assert _stem.cache_info().currsize == 0
        assert mem.scope("gone", "luna").recall("qqcachedword").items == ()


def test_the_conformance_check_can_fail() -> None:
    import schemathesis
    from fastapi import Request, Response
    from fastapi.responses import JSONResponse

    from soulmem.api import create_app
    from soulmem.bench.fuzz import _conformance_checks, _conformance_problem

    with Memory.open(":memory:", embedder=FakeEmbedder()) as mem:
        app = create_app(mem)

        @app.middleware("http")
        async def teapot(request: Request, call_next: Any) -> Response:
            if request.url.path != "/v1/health":
                response: Response = await call_next(request)
                return response
            return JSONResponse({"x": 1}, status_code=418)

        case = schemathesis.openapi.from_asgi("/openapi.json", app)["/v1/health"]["GET"].Case()
        problem = _conformance_problem(case, case.call(), _conformance_checks())
    assert problem is not None and "418" in problem


def test_postgres_integrity_check_finds_what_the_server_does_not_enforce(pg_url: str) -> None:
    import psycopg

    from soulmem.store.postgres.integrity import ORPHAN_CHECKS

    with Memory.open(pg_url, embedder=FakeEmbedder()) as mem:
        for n in range(5):
            mem.scope("u", "luna").observe(user=f"turn number {n} about the sea and the sky")
    assert integrity_problems(pg_url) == []
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")  # the wheel ships it
        conn.execute("DELETE FROM events WHERE id = (SELECT min(id) FROM events)")
        conn.execute(
            "UPDATE lexical_df SET n = n + 1 WHERE term = (SELECT min(term) FROM lexical_df)"
        )
        conn.execute("UPDATE lexical_stats SET tokens = tokens + 3")
    problems = integrity_problems(pg_url)
    assert len(ORPHAN_CHECKS) >= 10
    for name in (
        "embeddings without their event",
        "lexical documents without their event",
        "lexical document frequencies that differ from the postings",
        "lexical collection sizes that differ from the documents",
    ):
        assert any(p.startswith(name) for p in problems), (name, problems)


def test_postgres_erase_keeps_no_term_of_the_erased_text(pg_url: str) -> None:
    import psycopg

    with Memory.open(pg_url, embedder=FakeEmbedder()) as mem:
        mem.scope("gone", "luna").observe(user="qqpgstatword in the statistics")
        mem.scope("kept", "luna").observe(user="statistics stay")
        assert mem.erase_user("gone") > 0
    with psycopg.connect(pg_url) as conn:
        terms = {str(r[0]) for r in conn.execute("SELECT term FROM lexical_df")}
    assert not any("qqpgstatword" in term for term in terms)
    assert any(term.startswith("statist") for term in terms)  # the kept user's words stay
    assert integrity_problems(pg_url) == []


def test_postgres_write_waits_for_a_lock_a_bounded_time_then_store_busy(pg_url: str) -> None:
    import time

    import psycopg

    from soulmem.errors import StoreBusy
    from soulmem.store.postgres.connection import PgConnections

    pg = PgConnections(pg_url, lock_timeout_ms=300)
    try:
        with psycopg.connect(pg_url) as holder:  # a transaction that holds the table
            holder.execute("LOCK TABLE meta IN ACCESS EXCLUSIVE MODE")
            started = time.monotonic()
            with pytest.raises(StoreBusy), pg.begin() as conn:
                conn.execute("INSERT INTO meta (key, value) VALUES ('qqlocked', 'v')")
            assert time.monotonic() - started < 5
            holder.rollback()
        with pg.read() as conn:
            found = conn.execute("SELECT count(*) FROM meta WHERE key = 'qqlocked'").fetchone()
        assert found[0] == 0
    finally:
        pg.close()


def test_a_read_paths_write_leaves_the_checkpoint_to_the_next_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``begin(checkpoint=False)`` (a recall's rehearsal) commits without copying the WAL into
    the file; the next ordinary commit does, and so does a skipping one once too many have
    skipped in a row. Nothing committed is lost either way."""
    from soulmem.store.sqlite import connection

    db = connection.Connections(tmp_path / "c.db")
    db._writer.execute("PRAGMA wal_autocheckpoint = 5")
    db._autocheckpoint = 5
    with db.begin() as conn:
        conn.execute("CREATE TABLE t (x BLOB)")
    size = (tmp_path / "c.db").stat().st_size

    def grow(checkpoint: bool) -> None:
        with db.begin(checkpoint=checkpoint) as conn:
            conn.executemany("INSERT INTO t VALUES (randomblob(3000))", [()] * 20)

    grow(checkpoint=False)  # 20+ pages in the WAL, more than 5: no checkpoint all the same
    assert (tmp_path / "c.db").stat().st_size == size
    assert db._writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 5
    with pytest.raises(RuntimeError), db.begin(checkpoint=False) as conn:
        conn.execute("INSERT INTO t VALUES (1)")
        raise RuntimeError("the block fails: rolled back, the setting restored")
    assert db._writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 5
    grow(checkpoint=True)
    size = (tmp_path / "c.db").stat().st_size
    assert size > 40 * 3000  # copied into the file
    monkeypatch.setattr(connection, "UNCHECKED_COMMITS", 2)
    grow(checkpoint=False)
    grow(checkpoint=False)
    assert (tmp_path / "c.db").stat().st_size == size
    grow(checkpoint=False)  # the third in a row checkpoints
    assert (tmp_path / "c.db").stat().st_size > size
    with db.read() as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 20 * 5
    db.close()
