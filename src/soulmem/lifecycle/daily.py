"""Calendar duties of the memory workers: daily summaries with event links, threads and
scenes, weekly roll-ups, the yearly report, and world-level daily summaries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from soulmem.lifecycle.continuity import causal_links, threads, topic_links
from soulmem.lifecycle.llm import summarizer
from soulmem.lifecycle.summaries import roll_up
from soulmem.model import Event, EventLink, Scope, Summary, new_id
from soulmem.social.scenes import scene_for
from soulmem.store.base import Store

if TYPE_CHECKING:
    from soulmem.engine import Memory as Engine

__all__ = ["WORLD", "DailyDuties", "MaintenanceReport", "maintain_worlds"]

DAY = timedelta(days=1)


@dataclass(slots=True)
class MaintenanceReport:
    scope: Scope
    ran: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, n: int = 1) -> None:
        if n:
            self.counts[key] = self.counts.get(key, 0) + n

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope.key, "ran": self.ran, "counts": self.counts}


class DailyDuties:
    """Mixed into the maintenance worker, which sets these."""

    store: Store
    scope: Scope
    now: datetime
    state: dict[str, tuple[datetime | None, int]]
    report: MaintenanceReport
    summarize: Callable[[Sequence[Event]], str]

    def _daily_summaries(self) -> None:
        last, _ = self.state.get("daily_summary", (None, 0))
        start = _day(last) if last else _day(self.now) - DAY
        made = 0
        day = start
        while day + DAY <= _day(self.now) + DAY and day < self.now:
            events = self.store.events_between(self.scope, day, day + DAY)
            if events:
                self._summary("day", day, day + DAY, self.summarize(events), [e.id for e in events])
                self._link(events)
                self._scenes(events, day)
                made += 1
            day += DAY
        self.report.add("daily_summaries", made)

    def _scenes(self, events: Sequence[Event], day: datetime) -> None:
        """Scenes (seed 003): each session's turns of the day as place, time, participants,
        tone and topics."""
        sessions: dict[str, list[Event]] = {}
        for event in events:
            sessions.setdefault(event.session_id or "", []).append(event)
        with self.store.transaction() as tx:
            for session, turns in sessions.items():
                tx.put_scene(scene_for(turns, _scene_id(self.scope, session, day)))
        self.report.add("scenes", len(sessions))

    def _redo_scenes(self, redacted: Sequence[Event]) -> None:
        """The scenes made from turns since redacted, made again from what their turns hold
        now: a scene's place and topics are words of its turns."""
        made = {scene.id for scene in self.store.scenes(self.scope)}
        sessions: dict[datetime, set[str]] = {}
        for event in redacted:
            day = _day(event.at.astimezone(self.now.tzinfo))
            if _scene_id(self.scope, event.session_id or "", day) in made:
                sessions.setdefault(day, set()).add(event.session_id or "")
        again = []
        for day, redone in sorted(sessions.items()):
            turns = self.store.events_between(self.scope, day, day + DAY)  # each day read once
            for session in sorted(redone):
                kept = [e for e in turns if (e.session_id or "") == session]
                again.append(scene_for(kept, _scene_id(self.scope, session, day)))
        with self.store.transaction() as tx:
            for scene in again:
                tx.put_scene(scene)

    def _link(self, events: Sequence[Event]) -> None:
        """Asynchronous event links (seed 002): same_topic and caused_by, and threads."""
        topic = [EventLink(a, b, "same_topic", w) for a, b, w in topic_links(events)]
        causal = [EventLink(a, b, "caused_by") for a, b in causal_links(events)]
        groups = [g for g in threads(events, topic) if len(g) > 1]
        if not topic and not causal:
            return
        with self.store.transaction() as tx:
            for link in (*topic, *causal):
                tx.insert_link(link)
            for group in groups:
                tx.add_to_thread(self.scope, "th_" + group[0], "", group, self.now)
        self.report.add("links", len(topic) + len(causal))

    def _weekly_summaries(self) -> None:
        week_end = _day(self.now)
        week_start = week_end - 7 * DAY
        days = [
            s
            for s in self.store.summaries(self.scope, "day")
            if week_start <= s.starts_at < week_end
        ]
        if days:
            self._summary(
                "week", week_start, week_end, roll_up(days), [e for s in days for e in s.event_ids]
            )
            self.report.add("weekly_summaries")

    def _yearly_report(self) -> None:
        counts = self.store.tier_counts(self.scope)
        text = "Memories by tier: " + ", ".join(f"{k} {v}" for k, v in counts.items())
        self._summary("year", self.now - 365 * DAY, self.now, text, [])

    def _summary(
        self,
        period: str,
        start: datetime,
        end: datetime,
        text: str,
        event_ids: Sequence[str],
    ) -> None:
        if not text:
            return
        with self.store.transaction() as tx:
            tx.put_summary(
                Summary(
                    id=new_id("sum"),
                    scope=self.scope,
                    period=period,
                    starts_at=start,
                    ends_at=end,
                    text=text,
                    event_ids=tuple(event_ids),
                )
            )


def _day(when: datetime) -> datetime:
    return when.replace(hour=0, minute=0, second=0, microsecond=0)


def _scene_id(scope: Scope, session: str, day: datetime) -> str:
    return f"scn_{scope.key}_{session}_{day.date().isoformat()}"


WORLD = "*"  # user and agent of the pseudo-scope that holds a world's own summaries


def maintain_worlds(engine: Engine, now: datetime | None = None) -> list[MaintenanceReport]:
    """World-level daily summaries across the agents of each ``world_id`` (seed 004
    ``world_daily``), stored under the scope (``*``, ``*``, world_id)."""
    now = now or engine.clock.now()
    store = engine.store
    worlds = sorted({s.world_id for s in store.iter_scopes() if s.world_id})
    summarize = summarizer(engine.llm)
    reports = []
    for world_id in worlds:
        world = Scope(WORLD, WORLD, world_id)
        report = MaintenanceReport(world)
        last, _ = store.maintenance(world).get("world_daily", (None, 0))
        if last is not None and now - last < DAY:
            continue
        day = _day(last) if last else _day(now) - DAY
        while day < _day(now):
            events = [
                e
                for scope in store.scopes_in_world(world_id)
                for e in store.events_between(scope, day, day + DAY)
            ]
            if events:
                text = summarize(sorted(events, key=lambda e: e.at))
                with store.transaction() as tx:
                    tx.put_summary(
                        Summary(
                            id=new_id("sum"),
                            scope=world,
                            period="world_day",
                            starts_at=day,
                            ends_at=day + DAY,
                            text=text,
                            event_ids=tuple(e.id for e in events),
                        )
                    )
                report.add("world_daily")
            day += DAY
        with store.transaction() as tx:
            tx.set_maintenance(world, "world_daily", last_run=now, counter=0)
        report.ran.append("world_daily")
        reports.append(report)
    return reports
