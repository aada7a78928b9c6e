"""A seeded database for the web panel's browser tests and screenshots, built through the
real engine with a ManualClock: one tenant (``acme``) with a rich scope (``mina`` / ``luna``:
Korean, Japanese and English turns, memories in every tier, an expired memory in the
forgetting queue, an M0 candidate and a belief proposal in the inbox, a corrected fact,
relationship changes, an XSS attempt as content) and a second user (``jun``) to erase."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from soulmem import ManualClock, Memory
from soulmem.api import create_key
from soulmem.config import Config, DecayConfig, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.model import Memory as Orb
from soulmem.model import Scope, Tier

__all__ = ["AGENT", "OTHER_USER", "T0", "TENANT", "USER", "XSS", "Seeded", "seed"]

TENANT = "acme"
USER = "mina"
OTHER_USER = "jun"
AGENT = "luna"
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
XSS = "<script>alert(1)</script> my favourite snack is popcorn"
# every turn makes a memory; the hashed fake embedder makes short texts look alike, so
# clustering only joins near-identical ones
QUIET = Config(surprise=SurpriseConfig(enabled=False), decay=DecayConfig(cluster_similarity=0.95))


@dataclass
class Seeded:
    """What the tests and the screenshots need to find again (API user ids, no tenant)."""

    mem: Memory
    clock: ManualClock
    owner_key: str
    admin_key: str
    memories: dict[str, str] = field(default_factory=dict)  # label -> memory id
    queued_id: str = ""  # expired, in the forgetting queue
    inbox_ids: dict[str, str] = field(default_factory=dict)  # kind -> pending item id


def internal(user: str) -> str:
    return f"{TENANT}::{user}"


def _edit(mem: Memory, scope: Scope, memory_id: str, **changes: object) -> Orb:
    changed = replace(mem.scope(scope.user_id, scope.agent_id).memory(memory_id), **changes)  # type: ignore[arg-type]
    with mem.store.transaction() as tx:
        tx.save_memory(changed)
    return changed


def seed(db: Path | str) -> Seeded:
    """Open ``db`` (a new file) and fill it; the caller closes ``Seeded.mem``."""
    clock = ManualClock(T0)
    mem = Memory.open(db, embedder=FakeEmbedder(), clock=clock, config=QUIET)
    owner_key = create_key(mem.store, TENANT, role="owner", label="panel tests")[1]
    admin_key = create_key(mem.store, TENANT, role="admin", label="panel tests")[1]
    out = Seeded(mem, clock, owner_key, admin_key)
    luna = mem.scope(internal(USER), AGENT)

    def turn(label: str, user: str, assistant: str = "", **kw: object) -> str:
        r = luna.observe(user=user, assistant=assistant or None, user_name="Mina", **kw)  # type: ignore[arg-type]
        assert r.memory is not None, label
        out.memories[label] = r.memory.id
        clock.advance(hours=3)
        return r.memory.id

    turn("lake", "We fed the ducks at the lake, a quiet grey morning.", "That sounds peaceful.")
    turn("residence_old", "I live in Oslo, near the harbour.", "Oslo must be lovely.")
    turn("ko_cat", "우리 고양이 이름은 나비야. 오늘 나비가 창가에서 잠들었어.", "나비 너무 귀엽다!")
    turn("ja_tea", "今日は京都で抹茶を飲みました。とても美味しかった。", "いいですね!")
    turn(
        "thanks", "Thank you so much, you're amazing! I kept my promise today.", "I'm proud of you."
    )
    turn("residence_new", "Big news: I moved to Lisbon!", "Congratulations on the move!")
    turn("xss", XSS, "Popcorn is a classic.")
    turn("flowers", "I brought you flowers from the market", "They are beautiful, thank you.")
    turn("ko_exam", "다음 주에 시험이 있어서 너무 긴장돼.", "넌 잘할 거야.")
    turn("ja_rain", "雨の日は図書館で本を読むのが好きです。", "素敵な過ごし方ですね。")
    turn("sunrise", "We watched the sunrise from the hill, I felt so happy.", "A morning to keep.")
    turn("core", "Mina named me Luna on the first day, she is my person, my bond")
    turn("candidate", "Every spring Mina and I plant basil on the balcony together.")
    scope = luna.scope
    now = clock.now()
    _edit(mem, scope, out.memories["lake"], expires_at=now - timedelta(minutes=5))
    _edit(mem, scope, out.memories["ja_tea"], tier=Tier.M90, expires_at=now + timedelta(days=80))
    _edit(
        mem,
        scope,
        out.memories["sunrise"],
        tier=Tier.M365,
        intensity=0.85,
        expires_at=now + timedelta(days=300),
    )
    _edit(mem, scope, out.memories["core"], tier=Tier.M0, expires_at=None, reference_count=12)
    _edit(
        mem,
        scope,
        out.memories["candidate"],
        tier=Tier.M365,
        occurred_at=now - timedelta(days=400),
        expires_at=now + timedelta(days=200),
        reference_count=12,
        remember=True,
    )
    luna.adjust_relationship({"rivalry": 5}, "a friendly board game match")
    with mem.store.transaction() as tx:  # every turn ran maintenance: the monthly M0 look is due
        tx.set_maintenance(scope, "m0_candidates", last_run=None, counter=0)
    clock.advance(days=1)
    luna.maintain()  # expires "lake" into the queue; proposes the M0 candidate and a belief
    queue = luna.forgetting_queue()
    assert [e.memory_id for e in queue] == [out.memories["lake"]], queue
    out.queued_id = queue[0].memory_id
    for item in luna.inbox():
        out.inbox_ids.setdefault(item.kind, item.id)
    assert {"m0_candidate", "belief"} <= set(out.inbox_ids), out.inbox_ids

    jun = mem.scope(internal(OTHER_USER), AGENT)
    for text in ("Jun here: I run every morning along the river.", "제 강아지 이름은 보리예요."):
        jun.observe(user=text, user_name="Jun")
        clock.advance(minutes=30)
    return out


if __name__ == "__main__":  # a quick look: python tests/panel_seed.py /tmp/panel.db
    import sys

    seeded = seed(sys.argv[1] if len(sys.argv) > 1 else ":memory:")
    print("owner key:", seeded.owner_key)
    print(seeded.memories, seeded.queued_id, seeded.inbox_ids)
    seeded.mem.close()
