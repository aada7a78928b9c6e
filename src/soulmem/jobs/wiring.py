"""Queue brain work as turns arrive: ``soulmem serve --brain-jobs extract,reflect``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulmem.errors import InvalidInput
from soulmem.jobs.kinds import BRAIN_KINDS
from soulmem.jobs.queue import enqueue

if TYPE_CHECKING:
    from soulmem.engine import Memory
    from soulmem.observe import ObserveResult

__all__ = ["queue_on_observe"]

#: kinds that make sense for every observed turn (the others are queued on demand)
PER_TURN = ("extract", "reflect", "dialogue")


def _tenant(user_id: str) -> str | None:
    return user_id.split("::", 1)[0] if "::" in user_id else None


def queue_on_observe(engine: Memory, kinds: Sequence[str]) -> None:
    """After every committed observe, queue one job of each kind for that turn (deduplicated
    by turn, in the turn's tenant), so external brains do that LLM work."""
    wanted = tuple(dict.fromkeys(k.strip() for k in kinds if k.strip()))
    unknown = [k for k in wanted if k not in BRAIN_KINDS or k not in PER_TURN]
    if unknown:
        raise InvalidInput(
            f"cannot queue {', '.join(unknown)} per turn; choose from {', '.join(PER_TURN)}"
        )

    def listener(result: ObserveResult) -> None:
        event = result.event
        payloads: dict[str, dict[str, object]] = {
            "extract": {"event_id": event.id},
            "reflect": {},
            "dialogue": {"message": event.user_text or ""},
        }
        for kind in wanted:
            if kind in ("extract", "dialogue") and not event.user_text:
                continue  # facts and replies answer the user's side
            enqueue(
                engine,
                kind,
                event.scope,
                payloads[kind],
                tenant=_tenant(event.scope.user_id),
                dedupe_key=f"{kind}:{event.id}",
            )

    if wanted:
        engine.on_observe(listener)
