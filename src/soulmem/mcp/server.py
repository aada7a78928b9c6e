"""The MCP server: one soulmem scope (user x agent x world) as tools and resources.

Tools: ``remember`` (observe a turn), ``recall``, ``search_facts``, ``forget``, ``restore``,
``inbox`` (read-only: the agent cannot decide), ``soul``. Resources: ``soulmem://soul``
(SOUL.md) and ``soulmem://working-set`` (the scope's recent turns).

Every soulmem error becomes an MCP tool error carrying its message (``is_error=True``); the
server keeps running.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp_types import ToolAnnotations
from pydantic import BaseModel

from soulmem.engine import Memory
from soulmem.errors import SoulmemError
from soulmem.recall.tokenize import tokenize

__all__ = [
    "FactOut",
    "FactsResult",
    "ForgetResult",
    "InboxItemOut",
    "InboxResult",
    "RecallItemOut",
    "RecallResult",
    "RememberResult",
    "RestoreResult",
    "build_server",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")

INSTRUCTIONS = """\
Long-term memory for one user and one character (soulmem).
Call `remember` with each finished turn (what the user said, what you answered).
Before answering, call `recall` with the user's message and use the returned context.
`search_facts` lists what is known about the user; `forget` / `restore` move a memory into
or out of the forgetting queue (ids come from `recall` items). `inbox` shows proposals that
only the human owner can approve; `soul` is the character's SOUL.md."""


class RememberResult(BaseModel):
    """What one observed turn created."""

    event_id: str
    memory_id: str | None
    fact_ids: list[str]
    facts: list[str]


class RecallItemOut(BaseModel):
    kind: str
    text: str
    score: float
    memory_id: str | None = None


class RecallResult(BaseModel):
    """``text`` is the prompt-ready context; ``items`` are its pieces, best first."""

    text: str
    items: list[RecallItemOut]
    used_tokens: int
    budget_tokens: int


class FactOut(BaseModel):
    subject: str
    value: str
    category: str
    kind: str
    about: str


class FactsResult(BaseModel):
    facts: list[FactOut]


class ForgetResult(BaseModel):
    memory_id: str
    queued_at: str
    purge_at: str


class RestoreResult(BaseModel):
    memory_id: str
    tier: str
    expires_at: str | None


class InboxItemOut(BaseModel):
    id: str
    kind: str
    status: str
    created_at: str
    payload: dict[str, Any]


class InboxResult(BaseModel):
    items: list[InboxItemOut]


def _tool_errors(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """soulmem errors become MCP tool errors with their message (never a server crash)."""

    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except SoulmemError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    return wrapper


def _matches(query: str, *fields: str) -> bool:
    """Substring (case-insensitive) or any shared token (soulmem's multilingual tokenizer)."""
    needle = query.strip().casefold()
    if not needle:
        return True
    haystack = " ".join(fields)
    if needle in haystack.casefold():
        return True
    return bool(set(tokenize(query)) & set(tokenize(haystack)))


def build_server(
    memory: Memory, user_id: str, agent_id: str, world_id: str | None = None
) -> MCPServer:
    """An MCP server over one scope of ``memory`` (the caller keeps ownership of it)."""
    scoped = memory.scope(user_id, agent_id, world_id)
    server: MCPServer = MCPServer(
        name="soulmem",
        title="soulmem memory",
        instructions=INSTRUCTIONS,
    )
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False)

    @server.tool(
        description=(
            "Remember one conversation turn: what the user said and/or what the assistant "
            "answered. Returns the ids it created (event, memory, facts)."
        )
    )
    @_tool_errors
    def remember(
        user: str | None = None, assistant: str | None = None, session_id: str | None = None
    ) -> RememberResult:
        result = scoped.observe(user=user, assistant=assistant, session_id=session_id)
        return RememberResult(
            event_id=result.event.id,
            memory_id=result.memory.id if result.memory else None,
            fact_ids=[f.id for f in result.facts_added],
            facts=[f"{f.subject}: {f.value}" for f in result.facts_added],
        )

    @server.tool(
        description=(
            "Recall what is relevant to a query: a prompt-ready context (never over "
            "budget_tokens) and its ranked items (kind, text, score, memory_id)."
        )
    )
    @_tool_errors
    def recall(query: str, budget_tokens: int = 800) -> RecallResult:
        ctx = scoped.recall(query, budget_tokens=budget_tokens)
        return RecallResult(
            text=ctx.text,
            items=[
                RecallItemOut(kind=i.kind, text=i.text, score=i.score, memory_id=i.memory_id)
                for i in ctx.items
            ],
            used_tokens=ctx.used_tokens,
            budget_tokens=ctx.budget_tokens,
        )

    @server.tool(
        description=(
            "The current facts about the user (subject, value, category); with a query, "
            "only those that contain it or share a word with it."
        ),
        annotations=read_only,
    )
    @_tool_errors
    def search_facts(query: str | None = None) -> FactsResult:
        facts = [
            FactOut(
                subject=f.subject,
                value=f.value,
                category=str(f.category),
                kind=f.kind,
                about=f.about,
            )
            for f in scoped.facts()
        ]
        if query:
            facts = [f for f in facts if _matches(query, f.subject, f.value, f.kind)]
        return FactsResult(facts=facts)

    @server.tool(
        description=(
            "Move a memory (memory_id from recall) into the forgetting queue; it can be "
            "restored for 7 days, then it is purged."
        ),
        annotations=ToolAnnotations(destructive_hint=True, idempotent_hint=False),
    )
    @_tool_errors
    def forget(memory_id: str) -> ForgetResult:
        entry = scoped.forget(memory_id)
        return ForgetResult(
            memory_id=entry.memory_id,
            queued_at=entry.queued_at.isoformat(),
            purge_at=entry.purge_at.isoformat(),
        )

    @server.tool(description="Rescue a memory from the forgetting queue (back to its tier).")
    @_tool_errors
    def restore(memory_id: str) -> RestoreResult:
        restored = scoped.restore(memory_id)
        return RestoreResult(
            memory_id=restored.id,
            tier=str(restored.tier),
            expires_at=restored.expires_at.isoformat() if restored.expires_at else None,
        )

    @server.tool(
        description=(
            "Proposals waiting for the human owner (core memories, beliefs, changes to the "
            "self). Read-only: only the owner can approve or reject them."
        ),
        annotations=read_only,
    )
    @_tool_errors
    def inbox() -> InboxResult:
        return InboxResult(
            items=[
                InboxItemOut(
                    id=item.id,
                    kind=item.kind,
                    status=item.status,
                    created_at=item.created_at.isoformat(),
                    payload=item.payload,
                )
                for item in scoped.inbox()
            ]
        )

    @server.tool(
        description="The character's SOUL.md (who it is, as the owner approved).",
        annotations=read_only,
    )
    @_tool_errors
    def soul() -> str:
        return scoped.soul()

    @server.resource(
        "soulmem://soul",
        name="SOUL.md",
        description="The character's SOUL.md.",
        mime_type="text/markdown",
    )
    def soul_resource() -> str:
        try:
            return scoped.soul()
        except SoulmemError as exc:
            raise ResourceError(f"{type(exc).__name__}: {exc}") from exc

    @server.resource(
        "soulmem://working-set",
        name="working set",
        description="The scope's most recent turns, oldest first.",
        mime_type="text/plain",
    )
    def working_set() -> str:
        try:
            turns = memory.config.recall.working_set_turns or 30
            events = scoped.events(limit=turns)
        except SoulmemError as exc:
            raise ResourceError(f"{type(exc).__name__}: {exc}") from exc
        return "\n".join(e.render() for e in events)

    return server
