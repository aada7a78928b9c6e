"""soulmem as an MCP server (the ``mcp`` extra): ``build_server`` and ``soulmem mcp``.

This package is ``soulmem.mcp``; inside it ``mcp`` always means the SDK (absolute imports).
"""

from __future__ import annotations

from soulmem.mcp.server import build_server

__all__ = ["build_server"]
