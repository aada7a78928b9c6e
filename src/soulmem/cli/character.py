"""The owner's commands: SOUL.md and the inbox."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from soulmem.cli.common import open_memory

__all__ = ["inbox", "soul"]

UserOption = Annotated[str, typer.Option("--user", "-u", help="User id of the scope.")]
AgentOption = Annotated[str, typer.Option("--agent", "-a", help="Agent (character) id.")]
DbOption = Annotated[str | None, typer.Option("--db", help="Database file or URL.")]


def soul(user_id: UserOption, agent_id: AgentOption, db: DbOption = None) -> None:
    """Print the character's SOUL.md."""
    with open_memory(db, "e5") as mem:
        print(mem.scope(user_id, agent_id).soul())


def inbox(
    user_id: UserOption,
    agent_id: AgentOption,
    db: DbOption = None,
    decide: Annotated[str | None, typer.Option(help="Inbox item id to decide.")] = None,
    approve: Annotated[bool, typer.Option("--approve/--reject", help="The decision.")] = True,
    reason: Annotated[str, typer.Option(help="Why (kept with the decision).")] = "",
    status: Annotated[str, typer.Option(help="pending, approved, rejected or all.")] = "pending",
) -> None:
    """List the proposals waiting for the owner, or decide one (--decide ID)."""
    with open_memory(db, "e5") as mem:
        scope = mem.scope(user_id, agent_id)
        if decide:
            item = mem.decide(scope.scope, decide, approve=approve, reason=reason)
            print(json.dumps({"id": item.id, "status": item.status}))
            return
        items = scope.inbox(None if status == "all" else status)
        for item in items:
            print(
                json.dumps(
                    {
                        "id": item.id,
                        "kind": item.kind,
                        "status": item.status,
                        "created_at": item.created_at.isoformat(),
                        "payload": item.payload,
                    },
                    ensure_ascii=False,
                )
            )
