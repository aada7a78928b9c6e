"""Service routes: erase a user, health and metrics."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from soulmem.api.auth import Principal, internal_user, require
from soulmem.api.schemas import EraseOut, HealthOut, MetricsOut

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["service"])


@router.delete("/users/{user_id}", response_model=EraseOut)
def erase_user(
    user_id: str,
    request: Request,
    principal: Annotated[Principal, Depends(require("owner", "admin"))],
) -> dict[str, Any]:
    """Delete everything stored about a user of the caller's tenant, in every scope
    (owner and admin keys only). Irreversible."""
    deleted = request.app.state.memory.erase_user(internal_user(principal, user_id))
    return {"user_id": user_id, "deleted_rows": deleted}


@router.get("/health", response_model=HealthOut)
def health() -> dict[str, Any]:
    """Liveness (no key needed)."""
    from soulmem import __version__

    return {"status": "ok", "version": __version__}


@router.get("/metrics", response_model=MetricsOut)
def metrics(
    request: Request, principal: Annotated[Principal, Depends(require("admin"))]
) -> dict[str, Any]:
    """Request counts and latencies per route since start, and the store's row counts
    (admin keys only)."""
    snapshot: dict[str, Any] = request.app.state.metrics.snapshot()
    snapshot["store"] = request.app.state.memory.store.stats()
    return snapshot
