"""The inbox: proposals about the character's self, decided by the owner only."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from soulmem.api.auth import scoped
from soulmem.api.schemas import MAX_LIMIT, DecideIn, InboxItemOut, Page, page, record_out
from soulmem.engine import ScopedMemory

__all__ = ["router"]

router = APIRouter(prefix="/v1/scopes/{user_id}/{agent_id}/inbox", tags=["inbox"])

Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]
Offset = Annotated[int, Query(ge=0, le=1_000_000_000)]
Status = Annotated[str, Query(pattern="^(pending|approved|rejected|all)$")]


@router.get("", response_model=Page[InboxItemOut])
def inbox(
    mem: Annotated[ScopedMemory, Depends(scoped())],
    limit: Limit = 100,
    offset: Offset = 0,
    status: Status = "pending",
) -> dict[str, Any]:
    """Proposals waiting for the owner (``status=all`` for every item)."""
    items = mem.inbox(None if status == "all" else status)
    return page([record_out(i) for i in items], limit, offset)


@router.post("/{item_id}/decide", response_model=InboxItemOut)
def decide(
    item_id: str,
    body: DecideIn,
    mem: Annotated[ScopedMemory, Depends(scoped("owner", "admin"))],
) -> dict[str, Any]:
    """Approve or reject a proposal (owner and admin keys only; agents never decide)."""
    item = mem.engine.decide(mem.scope, item_id, approve=body.approve, reason=body.reason)
    return record_out(item)
