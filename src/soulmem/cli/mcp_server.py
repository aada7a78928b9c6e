"""``soulmem mcp``: serve one scope over MCP (stdio by default, streamable HTTP with --http).

Named ``mcp_server`` so that nothing here can shadow the ``mcp`` SDK package.
"""

from __future__ import annotations

from typing import Annotated

import typer

from soulmem.cli.common import open_memory, warming
from soulmem.errors import DependencyMissing

__all__ = ["mcp_command"]


def mcp_command(
    user_id: Annotated[str, typer.Option("--user", "-u", help="User id of the scope.")],
    agent_id: Annotated[str, typer.Option("--agent", "-a", help="Agent (character) id.")],
    world_id: Annotated[str | None, typer.Option("--world", help="World id (optional).")] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database file, ':memory:', sqlite:///path or postgresql://..."),
    ] = None,
    embedder: Annotated[
        str, typer.Option("--embedder", help="e5 (default, best recall), use (fast) or fake.")
    ] = "e5",
    http: Annotated[
        bool, typer.Option("--http", help="Serve streamable HTTP instead of stdio.")
    ] = False,
    host: Annotated[str, typer.Option(help="HTTP host (with --http).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP port (with --http).")] = 8766,
) -> None:
    """Serve one user x agent scope as an MCP server (tools remember, recall, search_facts,
    forget, restore, inbox, soul; resources soulmem://soul and soulmem://working-set)."""
    try:
        from soulmem.mcp.server import build_server
    except ImportError as exc:
        raise DependencyMissing.for_extra("mcp", "mcp") from exc

    with open_memory(db, embedder) as mem:
        server = build_server(mem, user_id, agent_id, world_id)
        # the model and the scope's indexes load on a thread while the server starts
        with warming(mem, [mem.scope(user_id, agent_id, world_id).scope]):
            if http:
                typer.echo(f"soulmem MCP server on http://{host}:{port}/mcp", err=True)
                server.run("streamable-http", host=host, port=port)
            else:
                server.run("stdio")
