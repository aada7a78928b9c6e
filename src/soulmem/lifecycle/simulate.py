"""A synthetic character life, lived through the real engine on a fast clock.

``simulate(days=365, seed=N)`` opens a real store (SQLite, ``":memory:"`` or a file) with a
real embedder and a :class:`~soulmem.clock.ManualClock`, then lives one user's life with a
character day by day:

* **prologue** -- the two weeks before day 0 arrive as imported history
  (``observe(at=...)``): the user adopted a cat, talked about her sister and her band and
  asked the character to remember them, and mentioned the people and places the year will
  keep coming back to. Importing earlier chat is what an app does when a user moves in, and
  it means that what the first memories remember happened more than a year before the last
  monthly M0 check (day 360 with the 30-day cadence anchored on day 0), so the owner sees
  M0 candidates before the year ends;
* **recurring topics** (a cat, a sister in another city, work, a band, marathon training, a
  pottery class) -- most days bring one or two, in varied words; every month on the cat's
  adoption day the user looks back on it; now and then the user asks "do you remember
  ...?" about a topic, and the character answers with what recall brought back (or admits
  it does not know);
* **trivia** -- one-off small talk (meals, buses, weather) that is never brought up again;
* **strong moments** -- every two to four weeks something felt deeply (joy, grief, fear),
  often still felt on the next days in nearly the same words;
* **"remember this"** -- a few explicit requests during the year;
* **rescues** -- every couple of weeks the user looks at the forgetting queue and restores
  the memory that is closest to being purged;
* **bonding** -- on some evenings the user thanks the character, praises it, brings it
  something or remembers time spent together: what raises the relationship;
* **imagination** -- on some evenings (20:30) the character imagines a proactive idea from
  the day's context (``scope.imagine``) and the user takes it well, ignores it or refuses
  it (``scope.feedback``);
* **the owner** -- every evening (21:30) a simulated owner opens the inbox: approves the
  M0 candidates (a core memory; the daily "self" duty then founds its personality island and
  proposes beliefs), approves the character's first belief and then about three in four
  (refusing the rest), and acknowledges island warnings. A decision refused by the 30 %
  guard (:class:`~soulmem.errors.SelfProtection`) stays pending for another evening.

Before each reply the character recalls context for the user's message (a small prompt
budget, so only what is relevant is rehearsed). The engine runs with
``auto_maintain=False`` and the simulation calls ``maintain()`` itself after every turn
and once a day at 03:00, summing every :class:`MaintenanceReport`, so the counts are exact.
Only the owner's approval puts a memory in M0 (``m0_without_approval`` counts any other).

At the end (day ``days``, 03:00, after that day's maintenance) each recurring fact is
probed with a question whose answer word is not in the question; a probe passes when the
answer is in the recall context text.

Everything random comes from random streams seeded with ``seed``: a seed gives the same life
and, with a deterministic embedder, the same numbers. The scripts and the plan of the year
live in :mod:`soulmem.lifecycle.simulation`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soulmem.clock import ManualClock
from soulmem.embed.base import Embedder
from soulmem.errors import InvalidInput, SelfProtection
from soulmem.lifecycle.maintain import MaintenanceReport
from soulmem.lifecycle.simulation.life import (
    IMAGINE_MINUTE,
    LANGUAGES,
    OWNER_MINUTE,
    START,
    Evening,
    Life,
    Turn,
    at,
    build_life,
)
from soulmem.model import IslandStatus, Tier

if TYPE_CHECKING:
    from soulmem.engine import Memory, ScopedMemory

__all__ = [
    "LANGUAGES",
    "DayRecord",
    "Life",
    "SimulationResult",
    "Turn",
    "build_life",
    "simulate",
]

#: the character's prompt budget when it recalls before replying (what it rehearses)
CHAT_BUDGET_TOKENS = 800
CHAT_MAX_ITEMS = 8
SCOPE = ("sim-user", "sim-character")
TIERS = ("M30", "M90", "M365", "M0")
#: the owner approves the character's first belief, then refuses about one proposal in this
BELIEF_REFUSE_SHARE = 0.25


# -- running it -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayRecord:
    day: int
    tiers: dict[str, int]
    queued: int
    inbox: int


@dataclass(slots=True)
class SimulationResult:
    summary: dict[str, Any]
    timeline: list[DayRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return self.summary


def simulate(
    days: int = 365,
    seed: int = 0,
    *,
    language: str = "en",
    embedder: Embedder | str = "use",
    db: str | Path = ":memory:",
    turns_per_day: tuple[int, int] = (3, 5),
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Live ``days`` days of a synthetic life through the real engine; see the module doc."""
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise InvalidInput(f"days must be a positive integer, got {days!r}")
    began = time.perf_counter()
    life = build_life(days, seed, language, turns_per_day)
    model = embedder_by_name(embedder) if isinstance(embedder, str) else embedder
    clock = ManualClock(START)
    counts: dict[str, int] = {}
    timeline: list[DayRecord] = []
    stats = dict.fromkeys(
        ("turns", "recalls", "restored", "maintenance_runs", "m0_seen", "asked", "answered"), 0
    )
    script = LANGUAGES[language]
    owner = _Owner(random.Random(f"{seed}:owner"))
    evenings = {e.day: e for e in life.evenings}
    levels: list[str] = []

    def add(report: MaintenanceReport) -> None:
        stats["maintenance_runs"] += 1
        for key, value in report.counts.items():
            counts[key] = counts.get(key, 0) + value

    with Memory.open(db, embedder=model, clock=clock, auto_maintain=False) as mem:
        scope = mem.scope(*SCOPE)
        if scope.events(limit=1):
            raise InvalidInput(f"{db} already holds a simulated life: use a new file or :memory:")
        by_day: dict[int, list[Turn]] = {}
        for turn in life.turns:
            by_day.setdefault(max(turn.day, 0), []).append(turn)

        def live(turn: Turn) -> None:
            reply = turn.assistant
            if turn.day >= 0:
                if not levels:  # the relationship as the year begins, after the prologue
                    levels.append(scope.relationship().level)
                clock.set(at(turn.day, turn.minute))
                if turn.kind in ("topic", "question", "strong"):
                    context = scope.recall(
                        turn.user, budget_tokens=CHAT_BUDGET_TOKENS, max_items=CHAT_MAX_ITEMS
                    )
                    stats["recalls"] += 1
                    if turn.answer is not None:  # answer from what came back, or admit it
                        stats["asked"] += 1
                        if turn.answer.casefold() in context.text.casefold():
                            stats["answered"] += 1
                            reply = script.answer_reply.format(answer=turn.answer)
                        else:
                            reply = script.unsure_reply
            scope.observe(
                user=turn.user,
                assistant=reply,
                session_id=f"day-{turn.day}",
                at=at(turn.day, turn.minute) if turn.day < 0 else None,
            )
            stats["turns"] += 1
            add(scope.maintain())

        for day in range(days + 1):
            clock.set(at(day, 3 * 60))
            add(scope.maintain())
            if day == days:
                break
            if day in life.rescue_days:
                stats["restored"] += _rescue(scope)
            hooks = [(IMAGINE_MINUTE, "imagine"), (OWNER_MINUTE, "owner")]
            for turn in by_day.get(day, []):
                if turn.day < 0:  # the prologue is imported on the morning of day 0
                    clock.set(at(0, 8 * 60))
                while hooks and turn.day >= 0 and hooks[0][0] < turn.minute:
                    _evening(mem, scope, clock, day, hooks.pop(0)[1], evenings.get(day), owner)
                live(turn)
            for _, hook in hooks:
                _evening(mem, scope, clock, day, hook, evenings.get(day), owner)
            record = _record(scope, day)
            stats["m0_seen"] = max(stats["m0_seen"], record.tiers["M0"])
            timeline.append(record)
            if progress is not None:
                progress(day)
        final = _record(scope, days)
        timeline.append(final)
        probes = []
        for key, question, answer in life.probes:
            context = scope.recall(question, rehearse=False)
            probes.append(
                {
                    "topic": key,
                    "question": question,
                    "answer": answer,
                    "found": answer.casefold() in context.text.casefold(),
                }
            )
        approved = {
            str(item.payload.get("memory_id"))
            for item in scope.inbox(status="approved")
            if item.kind == "m0_candidate"
        }
        core = mem.store.memories_in(scope.scope, (Tier.M0,))
        m0_without = sum(1 for m in core if m.id not in approved)
        # every M0 candidate that reached the owner's inbox, decided or still pending
        proposed = [i for i in scope.inbox(status=None) if i.kind == "m0_candidate"]
        purged = counts.get("purged", 0)
        summary: dict[str, Any] = {
            "days": days,
            "seed": seed,
            "language": language,
            "embedder": model.name,
            "turns": stats["turns"],
            "recalls": stats["recalls"],
            "questions_asked": stats["asked"],
            "questions_answered_from_recall": stats["answered"],
            "maintenance_runs": stats["maintenance_runs"],
            "tiers_final": final.tiers,
            "forgetting_queue_final": final.queued,
            "promotions": counts.get("promotions", 0),
            "distillations": counts.get("distillations", 0),
            "forgotten": counts.get("forgotten", 0),
            "restored": stats["restored"],
            "purged": purged,
            "inbox_m0_candidates": len(proposed),
            "inbox_m0_pending": sum(1 for i in proposed if i.status == "pending"),
            "m0_candidates_content": [str(i.payload.get("content", ""))[:120] for i in proposed],
            "m0_without_approval": max(m0_without, stats["m0_seen"] - len(approved)),
            "islands_active": sum(1 for i in scope.islands() if i.status == IslandStatus.ACTIVE),
            "beliefs_approved": owner.tally["beliefs_approved"],
            "beliefs_refused": owner.tally["beliefs_refused"],
            "relationship_level_start": levels[0] if levels else scope.relationship().level,
            "relationship_level_end": scope.relationship().level,
            "imaginations": owner.tally["imaginations"],
            "recurring_facts_recalled_at_end": round(
                sum(1 for p in probes if p["found"]) / len(probes), 4
            ),
            "probes": probes,
            "maintenance_counts": dict(sorted(counts.items())),
            "elapsed_s": round(time.perf_counter() - began, 2),
        }
    return SimulationResult(summary, timeline)


class _Owner:
    """The human on the other side of the inbox, and the user's verdicts on imagined ideas."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tally = dict.fromkeys(
            ("m0_approved", "beliefs_approved", "beliefs_refused", "warnings", "imaginations"), 0
        )

    def check_inbox(self, mem: Memory, scope: ScopedMemory) -> None:
        """Decide every pending item; one the 30 % guard refuses waits for another day."""
        for item in scope.inbox():
            if item.kind == "m0_candidate":
                approve, reason, key = True, "yes, keep that one forever", "m0_approved"
            elif item.kind == "belief":
                refuse = (
                    self.tally["beliefs_approved"] > 0 and self.rng.random() < BELIEF_REFUSE_SHARE
                )
                approve = not refuse
                reason = "not really her" if refuse else "that's her"
                key = "beliefs_refused" if refuse else "beliefs_approved"
            elif item.kind == "island_warning":
                approve, reason, key = True, "noted", "warnings"
            else:
                continue
            try:
                mem.decide(scope.scope, item.id, approve=approve, reason=reason)
            except SelfProtection:
                continue  # too much of the self would change today: it stays pending
            self.tally[key] += 1


def _evening(
    mem: Memory,
    scope: ScopedMemory,
    clock: ManualClock,
    day: int,
    hook: str,
    evening: Evening | None,
    owner: _Owner,
) -> None:
    if hook == "owner":
        clock.set(at(day, OWNER_MINUTE))
        owner.check_inbox(mem, scope)
        return
    if evening is None:
        return
    clock.set(at(day, IMAGINE_MINUTE))
    idea = scope.imagine(
        activity=evening.activity, weather=evening.weather, idle_minutes=evening.idle_minutes
    )
    if idea is not None:
        owner.tally["imaginations"] += 1
        scope.feedback(idea.id, evening.verdict)


def _record(scope: ScopedMemory, day: int) -> DayRecord:
    tiers = scope.engine.store.tier_counts(scope.scope)
    return DayRecord(
        day=day,
        tiers={t: int(tiers.get(t, 0)) for t in TIERS},
        queued=len(scope.forgetting_queue()),
        inbox=len(scope.inbox()),
    )


def _rescue(scope: ScopedMemory) -> int:
    """The user opens the forgetting queue and restores the memory closest to its purge."""
    queue = scope.forgetting_queue()
    if not queue:
        return 0
    entries = sorted(queue, key=lambda e: (e.purge_at, scope.memory(e.memory_id).content))
    scope.restore(entries[0].memory_id)
    return 1
