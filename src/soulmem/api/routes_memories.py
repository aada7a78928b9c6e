"""Memories of a scope: list, get, forget, restore, and the forgetting queue."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from soulmem.api.auth import scoped
from soulmem.api.schemas import MAX_LIMIT, ForgettingOut, MemoryOut, Page, page, record_out
from soulmem.engine import ScopedMemory

__all__ = ["router"]

router = APIRouter(prefix="/v1/scopes/{user_id}/{agent_id}", tags=["memories"])

Scoped = Annotated[ScopedMemory, Depends(scoped())]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]
Offset = Annotated[int, Query(ge=0, le=1_000_000_000)]
Status = Annotated[str, Query(pattern="^[a-z_]{1,32}$", description="active, queued, ...")]


@router.get("/memories", response_model=Page[MemoryOut])
def memories(
    mem: Scoped,
    limit: Limit = 100,
    offset: Offset = 0,
    status: Status = "active",
) -> dict[str, Any]:
    """Memories of the scope, newest first."""
    found = mem.memories(limit=limit + 1, offset=offset, status=status)
    return {
        "items": [record_out(m) for m in found[:limit]],
        "limit": limit,
        "offset": offset,
        "next_offset": offset + limit if len(found) > limit else None,
    }


@router.get("/memories/{memory_id}", response_model=MemoryOut)
def memory(memory_id: str, mem: Scoped) -> dict[str, Any]:
    return record_out(mem.memory(memory_id))


@router.delete("/memories/{memory_id}", response_model=ForgettingOut)
def forget(memory_id: str, mem: Scoped) -> dict[str, Any]:
    """Move a memory into the forgetting queue (restorable for 7 days)."""
    return record_out(mem.forget(memory_id))


@router.post("/memories/{memory_id}/restore", response_model=MemoryOut)
def restore(memory_id: str, mem: Scoped) -> dict[str, Any]:
    """Rescue a memory from the forgetting queue."""
    return record_out(mem.restore(memory_id))


@router.get("/forgetting", response_model=Page[ForgettingOut])
def forgetting(mem: Scoped, limit: Limit = 100, offset: Offset = 0) -> dict[str, Any]:
    """The forgetting queue: memories to be purged, each with its purge time."""
    return page([record_out(e) for e in mem.forgetting_queue()], limit, offset)
