"""The PostgreSQL backend: what differs from SQLite (migrations, lexical statistics,
concurrency of processes) and parity with the embedded store on the same data."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest

from soulmem import ManualClock, Memory
from soulmem.bench.scale import T0
from soulmem.config import Config
from soulmem.embed import FakeEmbedder
from soulmem.errors import MigrationError, StoreError
from soulmem.model import Scope
from soulmem.recall.tokenize import tokenize
from soulmem.store.postgres import PostgresStore
from soulmem.store.postgres.connection import migrations

CORPUS = [
    ("u1", "luna", "My dog Bori loves the red ball at the park."),
    ("u1", "luna", "I moved to Busan last spring for a new job."),
    ("u1", "luna", "저는 매운 떡볶이를 정말 좋아해요."),
    ("u1", "luna", "다음 주 금요일에 부산으로 여행을 가요."),
    ("u1", "luna", "猫のミケは毎朝七時に起こしてくれます。"),
    ("u1", "luna", "来月、京都で友達の結婚式があります。"),
    ("u1", "luna", "My sister plays the violin in an orchestra."),
    ("u1", "luna", "떡볶이 가게가 우리 집 근처에 새로 생겼어요."),
    ("u2", "luna", "The red ball belongs to someone else entirely."),
    ("u2", "luna", "京都の寺で写真をたくさん撮りました。"),
]
QUERIES = ["red ball", "떡볶이 좋아", "부산 여행", "京都 結婚式", "ミケ 猫", "violin sister"]


def _fill(location: str) -> Memory:
    mem = Memory.open(
        location, embedder=FakeEmbedder(), clock=ManualClock(datetime(2025, 3, 1, tzinfo=UTC))
    )
    for user, agent, text in CORPUS:
        mem.scope(user, agent).observe(user=text)
    return mem


def _text(mem: Memory, kind: str, owner_id: str) -> str:
    """What a hit names, comparable across stores (record ids are random)."""
    if kind == "event":
        return str(mem.store.get_events([owner_id])[0].user_text)
    if kind == "memory":
        return "memory: " + mem.store.get_memories([owner_id])[0].content
    fact = mem.store.get_facts([owner_id])[0]
    return f"fact: {fact.subject}={fact.value}"


def _count(url: str, table: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture
def both(pg_url: str) -> Iterator[tuple[Memory, Memory]]:
    lite, pg = _fill(":memory:"), _fill(pg_url)
    yield lite, pg
    lite.close()
    pg.close()


def test_importing_soulmem_does_not_import_psycopg() -> None:
    code = "import sys, soulmem; print('psycopg' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_migrations_are_recorded_and_applied_once(pg_url: str) -> None:
    names = [name for name, _ in migrations()]
    store = PostgresStore(pg_url, clock=ManualClock(datetime(2025, 1, 1, tzinfo=UTC)))
    assert store.applied_migrations() == names
    store.close()
    store = PostgresStore(pg_url, clock=ManualClock(datetime(2025, 1, 1, tzinfo=UTC)))
    assert store.applied_migrations() == names
    store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO _soulmem_migrations (name) VALUES ('9999_future')")
    with pytest.raises(MigrationError, match="9999_future"):
        PostgresStore(pg_url, clock=ManualClock(datetime(2025, 1, 1, tzinfo=UTC)))


def test_lexical_search_ranks_like_sqlite(both: tuple[Memory, Memory]) -> None:
    lite, pg = both
    for user in ("u1", "u2"):
        scope = Scope(user, "luna")
        for query in QUERIES:
            want = lite.store.lexical_search(scope, tokenize(query), 10)
            got = pg.store.lexical_search(scope, tokenize(query), 10)
            assert [_text(pg, h.owner_kind, h.owner_id) for h in got] == [
                _text(lite, h.owner_kind, h.owner_id) for h in want
            ], query
            assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-9)
            assert user == "u2" or want, query  # the queries do match u1's turns


def test_dense_search_and_recall_match_sqlite(both: tuple[Memory, Memory]) -> None:
    lite, pg = both
    scope = Scope("u1", "luna")
    vector = lite.embedder.embed_query("ball park dog")
    want = lite.store.dense_search(scope, lite.embedder.name, "event", vector, 5)
    got = pg.store.dense_search(scope, pg.embedder.name, "event", vector, 5)
    assert [h.similarity for h in got] == pytest.approx([h.similarity for h in want], abs=1e-5)
    assert want[0].similarity > want[1].similarity + 1e-3  # a clear best match ...
    assert _text(pg, "event", got[0].owner_id) == _text(lite, "event", want[0].owner_id)
    # ... and the same records at each similarity (ties may come in another order)
    assert sorted((round(h.similarity, 4), _text(pg, "event", h.owner_id)) for h in got) == sorted(
        (round(h.similarity, 4), _text(lite, "event", h.owner_id)) for h in want
    )
    for query in QUERIES:
        a = lite.scope("u1", "luna").recall(query)
        b = pg.scope("u1", "luna").recall(query)
        assert [i.text for i in b.items] == [i.text for i in a.items], query
        assert [i.score for i in b.items] == pytest.approx([i.score for i in a.items], abs=1e-5)


def test_a_failed_observe_leaves_nothing_behind(
    pg_url: str, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from soulmem.store.postgres.writer import PgWriter

    with Memory.open(pg_url, embedder=FakeEmbedder(), clock=clock) as mem:
        luna = mem.scope("u1", "luna")
        luna.observe(user="first turn", assistant="ok")
        before = {t: _count(pg_url, t) for t in ("events", "lexical_docs", "lexical_terms")}

        def boom(*args: object, **kwargs: object) -> None:
            raise psycopg.OperationalError("connection lost (simulated)")

        monkeypatch.setattr(PgWriter, "index_tokens", boom)
        with pytest.raises(StoreError, match="simulated"):
            luna.observe(user="second turn", assistant="this must vanish")
        assert {t: _count(pg_url, t) for t in before} == before
        monkeypatch.undo()
        luna.observe(user="third turn")
        assert [e.user_text for e in luna.events()] == ["first turn", "third turn"]


def test_lexical_statistics_follow_erasure(both: tuple[Memory, Memory], pg_url: str) -> None:
    _, pg = both
    assert pg.store.erase_user("u2") > 0
    with psycopg.connect(pg_url) as conn:
        docs, tokens = conn.execute("SELECT sum(docs), sum(tokens) FROM lexical_stats").fetchone()  # type: ignore[misc]
        real = conn.execute("SELECT count(*), sum(length) FROM lexical_docs").fetchone()
        df = conn.execute(
            "SELECT count(*) FROM (SELECT term, sum(n) AS n FROM lexical_df GROUP BY term) d "
            "LEFT JOIN (SELECT term, count(*) AS n FROM lexical_terms GROUP BY term) t "
            "USING (term) WHERE d.n != coalesce(t.n, 0)"
        ).fetchone()
    assert (docs, tokens) == real
    assert df == (0,)
    assert pg.store.lexical_search(Scope("u2", "luna"), tokenize("red ball"), 10) == []


_WRITER = """
import json, sys
from soulmem import Memory
from soulmem.embed import FakeEmbedder
name, url, turns = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Memory.open(url, embedder=FakeEmbedder()) as mem:
    scope = mem.scope("u" + str(int(name[1:]) % 2), "luna")
    for i in range(turns):
        scope.observe(user=f"{name} turn {i} about the red ball", assistant="ok")
print(json.dumps({"done": turns}))
"""


def test_concurrent_processes_lose_and_duplicate_no_turn(pg_url: str) -> None:
    """Four processes write into two scopes at once (two per scope)."""
    turns = 25
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, f"p{i}", pg_url, str(turns)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(4)
    ]
    results = [child.communicate(timeout=300) for child in children]
    assert all(child.returncode == 0 for child in children), results
    assert all(json.loads(out)["done"] == turns for out, _ in results)
    with psycopg.connect(pg_url) as conn:
        texts = [r[0] for r in conn.execute("SELECT user_text FROM events").fetchall()]
        seqs = [r[0] for r in conn.execute("SELECT seq FROM events").fetchall()]
    expected = {f"p{p} turn {i} about the red ball" for p in range(4) for i in range(turns)}
    assert len(texts) == len(expected) and set(texts) == expected
    assert len(set(seqs)) == len(seqs)
    with Memory.open(pg_url, embedder=FakeEmbedder()) as mem:
        hits = mem.store.lexical_search(Scope("u0", "luna"), tokenize("p0 turn 3"), 100)
        events = [h for h in hits if h.owner_kind == "event"]
        assert len(events) == 2 * turns  # every turn of the scope is indexed once


def test_bad_urls_get_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        PostgresStore(
            f"postgresql://nobody@/nodb?host={tmp_path}",
            clock=ManualClock(datetime(2025, 1, 1, tzinfo=UTC)),
        )


def _sqlite_counts(path: Path) -> dict[str, int]:
    import sqlite3

    with sqlite3.connect(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                "AND name NOT LIKE 'lexical%' AND name NOT IN ('vector_versions', 'link_version', "
                "'event_changes', '_soulmem_migrations')"
            )
        ]
        return {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}


def test_migrate_copies_everything_from_sqlite(tmp_path: Path, pg_url: str) -> None:
    from typer.testing import CliRunner

    from soulmem.api import create_key
    from soulmem.cli import app as cli

    path = tmp_path / "soul.db"
    lite = _fill(str(path))
    create_key(lite.store, "acme", role="owner")
    lite.scope("u1", "luna").observe(user="My name is Mina and I live in Seoul.")
    lite.close()
    counts = _sqlite_counts(path)
    assert counts["events"] == len(CORPUS) + 1 and counts["embeddings"] > 0
    assert counts["facts"] > 0 and counts["api_keys"] == 1

    out = CliRunner().invoke(cli, ["migrate", "--from", f"sqlite:///{path}", "--to", pg_url])
    assert out.exit_code == 0, out.output
    copied = json.loads(out.output)["copied"]
    assert {t: copied[t] for t in counts} == counts
    assert {t: _count(pg_url, t) for t in counts} == counts
    assert copied["lexical"] == _count(pg_url, "lexical_docs") > 0

    with (
        Memory.open(str(path), embedder=FakeEmbedder()) as a,
        Memory.open(pg_url, embedder=FakeEmbedder()) as b,
    ):
        assert [e.id for e in b.store.iter_events()] == [e.id for e in a.store.iter_events()]
        assert [e.seq for e in b.store.iter_events()] == [e.seq for e in a.store.iter_events()]
        assert [m.content for m in b.store.iter_memories()] == [
            m.content for m in a.store.iter_memories()
        ]
        for query in QUERIES:
            want = a.scope("u1", "luna").recall(query)
            got = b.scope("u1", "luna").recall(query)
            # same records with the same scores (equal scores may come in either order)
            assert sorted((round(i.score, 4), i.id) for i in got.items) == sorted(
                (round(i.score, 4), i.id) for i in want.items
            ), query
        b.scope("u1", "luna").observe(user="one more turn after the copy")  # sequence moved on

    again = CliRunner().invoke(cli, ["migrate", "--from", str(path), "--to", pg_url])
    assert again.exit_code != 0 and "not empty" in str(again.exception or again.output)
    assert _count(pg_url, "events") == counts["events"] + 1


def test_statistics_rebuilt_from_postings_equal_the_maintained_ones(
    both: tuple[Memory, Memory], pg_url: str
) -> None:
    from soulmem.store.postgres import lexical
    from soulmem.store.postgres.dialect import Connection

    query = "SELECT shard, docs, tokens FROM lexical_stats WHERE docs > 0 ORDER BY shard"
    df_query = "SELECT term, shard, n FROM lexical_df WHERE n > 0 ORDER BY term, shard"
    with psycopg.connect(pg_url) as conn:
        kept = conn.execute(query).fetchall(), conn.execute(df_query).fetchall()
        assert kept[0] and kept[1]
        lexical.rebuild_statistics(Connection(conn))
        assert (conn.execute(query).fetchall(), conn.execute(df_query).fetchall()) == kept


def test_memories_in_filters_weak_unreferenced_memories_in_the_store(
    both: tuple[Memory, Memory],
) -> None:
    """The prune's filter (strength below a bound, never mentioned, referenced or marked to
    remember) selects the same memories on both stores."""
    picked: list[list[str]] = []
    for mem in both:
        scope = Scope("u1", "luna")
        orbs = mem.store.memories_in(scope)
        changes: list[dict[str, object]] = [
            {"strength": 0.05},
            {"strength": 0.05, "mention_count": 1},
            {"strength": 0.05, "reference_count": 2},
            {"strength": 0.05, "remember": True},
            {"strength": 0.2},
            {"strength": 0.1},
        ]
        with mem.store.transaction() as tx:
            for orb, change in zip(orbs, changes, strict=False):
                tx.save_memory(replace(orb, **change))  # type: ignore[arg-type]
        weak = mem.store.memories_in(scope, weaker_than=0.15, unreferenced=True)
        assert [m.id for m in weak] == [orbs[0].id, orbs[5].id]
        assert len(mem.store.memories_in(scope, weaker_than=0.15)) == 5
        picked.append([m.content for m in weak])
    assert picked[0] == picked[1]


def test_bench_scale_loads_in_bulk_and_reports(pg_url: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from soulmem.cli import app as cli

    rows = {}
    for db in (pg_url, str(tmp_path / "scale.db")):
        out = CliRunner().invoke(
            cli,
            [
                "bench",
                "scale",
                "--db",
                db,
                "--memories",
                "300",
                "--per-scope",
                "100",
                "--queries",
                "5",
                "--observes",
                "3",
                "--embedder",
                "fake",
                "--json",
            ],
        )
        assert out.exit_code == 0, out.output
        result = json.loads(out.output)
        assert set(result) >= {"backend", "memories", "load_s", "recall_ms", "observe_ms", "db_mb"}
        assert result["memories"] == 300 and result["db_mb"] > 0
        assert result["recall_ms"]["p50"] <= result["recall_ms"]["p95"]
        rows[result["backend"]] = result
    assert set(rows) == {"sqlite", "postgres"}
    with Memory.open(pg_url, embedder=FakeEmbedder()) as mem:
        assert mem.store.stats()["counts"]["events"] == 300 + 3 + 3  # + the warm-up turns
        upkeep = mem.store.maintenance(Scope("user000002", "luna"))
        # upkeep recorded as done at the scope's last turn, turn counters staggered
        assert upkeep["promote_m30"][0] == T0 + timedelta(minutes=99)
        assert 2 <= upkeep["prune"][1] <= 2 + 3  # 2 % 25, plus the timed observes landing here
        scope = Scope("user000001", "luna")
        assert len(mem.store.list_memories(scope, limit=1000)) >= 100
        first = mem.store.recent_events(scope, 1)[0]
        hits = mem.store.lexical_search(scope, tokenize(first.user_text or ""), 5)
        assert first.id in [h.owner_id for h in hits]


def test_bench_scale_times_a_kept_load_again_with_reuse(pg_url: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from soulmem.cli import app as cli

    def scale(db: str, *extra: str) -> Any:
        args = ["bench", "scale", "--db", db, "--memories", "200", "--per-scope", "100"]
        args += ["--queries", "4", "--observes", "2", "--embedder", "fake", "--json", *extra]
        return CliRunner().invoke(cli, args)

    refused = scale(str(tmp_path / "empty.db"), "--reuse")  # nothing loaded there
    assert refused.exit_code != 0 and "not a load of 200" in refused.output
    assert scale(pg_url).exit_code == 0
    again = scale(pg_url, "--reuse")
    assert again.exit_code == 0, again.output
    result = json.loads(again.output)
    assert result["load_s"] is None and result["memories"] == 200 and result["scopes"] == 2
    # nothing reloaded: the load's turns, plus each run's warm-up (3) and timed (2) turns
    assert _count(pg_url, "events") == 200 + 2 * (3 + 2)


def test_bench_scale_query_seed_draws_fresh_queries_from_the_loads_vocabulary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from soulmem.bench.scale import SyntheticText, run_scale
    from soulmem.engine import ScopedMemory

    asked: list[str] = []
    recall = ScopedMemory.recall

    def spy(self: ScopedMemory, query: str, **kwargs: Any) -> Any:
        asked.append(query)
        return recall(self, query, **kwargs)

    monkeypatch.setattr(ScopedMemory, "recall", spy)

    def queries(query_seed: int | None, loaded: bool) -> list[str]:
        asked.clear()
        with Memory.open(tmp_path / "s.db", embedder=FakeEmbedder(), clock=ManualClock()) as mem:
            run_scale(
                mem,
                memories=60,
                backend="sqlite",
                db_size=lambda: 0,
                per_scope=20,
                queries=6,
                observes=1,
                loaded=loaded,
                query_seed=query_seed,
            )
        return asked[3:]  # after the warm-up recall of each language

    after_load = queries(None, loaded=False)
    assert queries(None, loaded=True) == after_load  # --reuse alone replays them
    fresh = queries(5, loaded=True)
    assert queries(5, loaded=True) == fresh and fresh != after_load
    vocabulary = {w for words in SyntheticText(0).words.values() for w in words}
    words = [w for q in fresh if " " in q for w in q.split(" ")]  # en and ko (ja: unspaced)
    assert words and all(w in vocabulary for w in words)


def test_two_servers_two_workers_eight_clients_lose_and_duplicate_nothing(pg_url: str) -> None:
    """The suite's size of ``soulmem bench concurrency`` (8 clients x 1,000 turns is run as
    the benchmark, docs/postgres.md)."""
    from typer.testing import CliRunner

    from soulmem.cli import app as cli

    out = CliRunner().invoke(
        cli, ["bench", "concurrency", "--db", pg_url, "--clients", "8", "--turns", "12"]
    )
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["failed_requests"] == 0, result["failures"]
    assert (result["lost"], result["duplicated"], result["workers_exited_early"]) == (0, 0, 0)
    assert _count(pg_url, "events") == 8 * 12


def test_the_dialect_translates_the_sqlite_forms_the_shared_sql_uses() -> None:
    from soulmem.store.postgres.dialect import translate

    assert translate("SELECT a FROM t WHERE b = ? AND c LIKE '5%'") == (
        "SELECT a FROM t WHERE b = %s AND c LIKE '5%%'"
    )
    assert translate("INSERT OR IGNORE INTO event_links (a, b) VALUES (?, ?)") == (
        "INSERT INTO event_links (a, b) VALUES (%s, %s) ON CONFLICT DO NOTHING"
    )
    assert translate("INSERT OR REPLACE INTO scenes (id, place) VALUES (?, ?)") == (
        "INSERT INTO scenes (id, place) VALUES (%s, %s) "
        "ON CONFLICT (id) DO UPDATE SET place = EXCLUDED.place"
    )
    assert "jsonb_set(metadata::jsonb, '{redacted}', to_jsonb('forgotten'::text))::text" in (
        translate("UPDATE events SET metadata = json_set(metadata, '$.redacted', 'forgotten')")
    )
    assert translate("SET x = min(?, y)") == "SET x = LEAST(%s, y)"
    # the scalar min and max of several arguments, however nested; one argument: aggregates
    assert translate("SELECT max(a, min(b, (c + d) * e)), min(f), max(g) FROM t") == (
        "SELECT GREATEST(a, LEAST(b, (c + d) * e)), min(f), max(g) FROM t"
    )
    assert translate("SELECT min((SELECT max(x) FROM u), 2)") == (
        "SELECT LEAST((SELECT max(x) FROM u), 2)"
    )


def test_in_lists_become_one_array_parameter_so_the_statement_text_is_stable() -> None:
    from soulmem.store.postgres.dialect import grouped, statement

    sql = "SELECT a FROM t WHERE k = 'x' AND (b IN ({0}) OR c IN ({0})) AND d NOT IN (?) AND e = ?"
    short, long = statement(sql.format("?,?")), statement(sql.format(",".join("?" * 40)))
    assert (
        short[0]
        == long[0]
        == (
            "SELECT a FROM t WHERE k = 'x' AND (b = ANY(%s) OR c = ANY(%s)) AND d <> ALL(%s) "
            "AND e = %s"
        )
    )
    assert grouped((1, 2, 1, 2, 3, 4), short[1]) == [[1, 2], [1, 2], [3], 4]
    assert statement("SELECT a FROM t WHERE b = ?") == ("SELECT a FROM t WHERE b = %s", ())


def test_recall_reads_cost_one_statement_each(
    both: tuple[Memory, Memory], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lexical search (statistics and postings), dense search (size check, exact ranking, the
    asked-for ids) and get_memories (with their sources) are one round trip each, and give
    what the SQLite store gives."""
    from soulmem.store.postgres import dialect

    lite, pg = both
    sent: list[str] = []
    execute = dialect.Connection.execute

    def counted(self: dialect.Connection, sql: str, parameters: Any = ()) -> dialect.Cursor:
        sent.append(sql)
        return execute(self, sql, parameters)

    monkeypatch.setattr(dialect.Connection, "execute", counted)
    scope, model = Scope("u1", "luna"), lite.embedder.name
    tokens = tokenize("떡볶이 좋아 red ball")
    vector = lite.embedder.embed_query("red ball")
    hits = pg.store.lexical_search(scope, tokens, 5)
    assert len(sent) == 1 and hits
    assert [_text(pg, h.owner_kind, h.owner_id) for h in hits] == [
        _text(lite, h.owner_kind, h.owner_id) for h in lite.store.lexical_search(scope, tokens, 5)
    ]
    sent.clear()
    some = pg.store.dense_search(scope, model, "event", vector, 3)
    dense = pg.store.dense_search(scope, model, "event", vector, 2, [some[-1].owner_id])
    assert len(sent) == 2 and [h.owner_id for h in dense] == [h.owner_id for h in some]
    assert pg.store.dense_search(scope, model, "memory", vector, 3) == []
    assert len(sent) == 3
    memory_ids = [m.id for m in pg.store.list_memories(scope, limit=3)]
    sent.clear()
    memories = pg.store.get_memories([*reversed(memory_ids), "nothing"])
    assert len(sent) == 1
    assert [m.id for m in memories] == list(reversed(memory_ids))
    assert all(m.source_event_ids for m in memories)
    from soulmem.store.sqlite.store import SQLiteStore

    # the shared two-statement read, run on PostgreSQL, gives the same memories
    assert memories == SQLiteStore.get_memories(pg.store, [*reversed(memory_ids), "nothing"])


def test_a_pipelined_write_that_fails_late_writes_nothing(pg_url: str) -> None:
    """A write transaction sends its statements without waiting (pipeline mode): a failure
    surfaces at the end, and rolls back the statements sent before it."""
    from soulmem.store.postgres.connection import PgConnections

    pg = PgConnections(pg_url, max_size=1)
    try:
        with pytest.raises(StoreError), pg.begin() as conn:
            conn.execute(
                "INSERT INTO scope_settings (user_id, agent_id, updated_at) VALUES ('a', 'b', 'x')"
            )
            conn.execute("INSERT INTO scope_settings (user_id) VALUES (NULL)")  # NOT NULL
        assert _count(pg_url, "scope_settings") == 0
        with pg.begin() as conn:  # the connection is clean again; rowcount is read after a sync
            conn.execute(
                "INSERT INTO scope_settings (user_id, agent_id, updated_at) VALUES ('a', 'b', 'x')"
            )
            updated = conn.execute(
                "UPDATE scope_settings SET mode = ? WHERE user_id = ?", ("e", "a")
            )
            assert updated.rowcount == 1
        assert _count(pg_url, "scope_settings") == 1
    finally:
        pg.close()


def test_passwords_stay_out_of_stats_and_errors(pg_url: str) -> None:
    from soulmem.store.postgres.connection import redact

    assert redact("postgresql://soul:secret@db:5432/mem") == "postgresql://soul@db:5432/mem"
    with pytest.raises(StoreError) as caught:
        PostgresStore(
            "postgresql://soul:hunter2@127.0.0.1:1/nodb?connect_timeout=2",
            clock=ManualClock(datetime(2025, 1, 1, tzinfo=UTC)),
        )
    assert "hunter2" not in str(caught.value)


def test_dense_search_includes_asked_ids_and_switches_to_hnsw_for_big_scopes(
    both: tuple[Memory, Memory], monkeypatch: pytest.MonkeyPatch
) -> None:
    lite, pg = both
    scope, model = Scope("u1", "luna"), lite.embedder.name
    vector = lite.embedder.embed_query("violin orchestra")
    for mem in (lite, pg):  # the two least similar events, asked for by id
        ranked = mem.store.dense_search(scope, model, "event", vector, 20)
        tail = {h.owner_id for h in ranked[-2:]}
        hits = mem.store.dense_search(scope, model, "event", vector, 2, include_ids=sorted(tail))
        assert [h.owner_id for h in hits[:2]] == [h.owner_id for h in ranked[:2]]
        assert {h.owner_id for h in hits[2:]} == tail and len(hits) == 4
        only = mem.store.dense_search(scope, model, "event", vector, 0, include_ids=sorted(tail))
        assert {h.owner_id: round(h.similarity, 5) for h in only} == {
            h.owner_id: round(h.similarity, 5) for h in hits[2:]
        }
        assert mem.store.dense_search(scope, model, "event", vector, 0) == []
        similar = mem.store.similarities(scope, model, "event", vector, [*tail, "ev_none"])
        assert similar == {h.owner_id: h.similarity for h in only}
        assert mem.store.similarities(scope, model, "event", vector, []) == {}
    # 384-dimensional vectors in a scope "bigger" than the HNSW threshold
    import soulmem.store.postgres.store as pg_store

    rng = np.random.default_rng(1)
    rows = rng.standard_normal((30, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    big = Scope("big", "luna")
    with pg.store.transaction() as tx:
        for i, row in enumerate(rows):
            tx.put_embedding(big, "event", f"ev_big{i:02d}", "m384", row)
    exact = pg.store.dense_search(big, "m384", "event", rows[3], 5)
    assert exact[0].owner_id == "ev_big03" and exact[0].similarity == pytest.approx(1.0)
    monkeypatch.setattr(pg_store, "HNSW_MIN_SCOPE", 10)
    approximate = pg.store.dense_search(big, "m384", "event", rows[3], 5, include_ids=["ev_big29"])
    assert approximate[0].owner_id == "ev_big03"
    assert [h.owner_id for h in approximate[:5]] == [h.owner_id for h in exact]
    assert approximate[-1].owner_id == "ev_big29"
    from soulmem.store.postgres.connection import HNSW_EF_SEARCH

    store: Any = pg.store
    with store._pg.read() as conn:
        settings = conn.execute(
            "SELECT current_setting('hnsw.ef_search'), current_setting('hnsw.iterative_scan')"
        ).fetchone()
    assert settings == (str(HNSW_EF_SEARCH), "strict_order") and HNSW_EF_SEARCH >= 100
    assert pg.store.dense_search(Scope("nobody", "luna"), "m384", "event", rows[0], 5) == []
    with pytest.raises(StoreError):
        pg.store.dense_search(big, "m384", "event", rows[0][:16], 5)


def test_bulk_load_rebuilds_every_index_it_dropped(pg_url: str) -> None:
    indexes = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1"
    with Memory.open(pg_url, embedder=FakeEmbedder()) as mem:
        with psycopg.connect(pg_url) as conn:
            before = conn.execute(indexes).fetchall()
        assert any(name == "memories_scope" for name, _ in before)
        assert any(name == "embeddings_hnsw_384" for name, _ in before)
        store: Any = mem.store
        with store.bulk_load() as writer:
            from soulmem.bench.scale import SyntheticText, _load

            _load(mem, 50, 10, SyntheticText(0), None, writer)
        with psycopg.connect(pg_url) as conn:
            assert conn.execute(indexes).fetchall() == before
        scope = Scope("user000001", "luna")
        assert len(mem.store.memories_in(scope)) == 10
        first = mem.store.recent_events(scope, 1)[0]
        hits = mem.store.lexical_search(scope, tokenize(first.user_text or ""), 3)
        assert first.id in [h.owner_id for h in hits]


@pytest.mark.parametrize("cpus", [1, 2])
def test_the_query_is_embedded_on_a_thread_by_default_with_two_cpus_or_on_postgres(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cpus: int
) -> None:
    import soulmem.recall.threads

    monkeypatch.setattr(soulmem.recall.threads, "usable_cpus", lambda: cpus)
    for location, threaded in ((pg_url, True), (str(tmp_path / "lite.db"), cpus >= 2)):
        with Memory.open(location, embedder=FakeEmbedder()) as mem:
            scope = mem.scope("u", "luna")
            scope.observe(user="My dog Bori loves the red ball.")
            assert scope.recall("red ball", rehearse=False).items
            assert mem._threads.embedding == threaded
    # an explicit setting wins on either backend
    for location in (pg_url, str(tmp_path / "lite.db")):
        for setting in (False, True):
            config = Config().with_recall(parallel_embed=setting)
            with Memory.open(location, embedder=FakeEmbedder(), config=config) as mem:
                assert mem.scope("u", "luna").recall("red ball", rehearse=False).items
                assert mem._threads.embedding == setting


def test_a_private_server_can_be_given_a_database_servers_cache(tmp_path: Path) -> None:
    """`bench scale` without --db sizes its server's cache (shared_buffers) like a database
    server's instead of the wheel's 128 MB; bad sizes are refused before anything starts."""
    from soulmem.errors import InvalidInput
    from soulmem.store.postgres.embedded import EmbeddedPostgres, server_cache_mb

    assert 128 <= server_cache_mb() <= 8192
    with pytest.raises(InvalidInput):
        EmbeddedPostgres(tmp_path / "bad", shared_buffers_mb=4)
    assert not (tmp_path / "bad").exists()
    server = EmbeddedPostgres(tmp_path / "data", shared_buffers_mb=192)
    try:
        with psycopg.connect(server.url) as conn:
            assert conn.execute("SHOW shared_buffers").fetchone() == ("192MB",)
    finally:
        server.stop()
    assert not (tmp_path / "data").exists()
