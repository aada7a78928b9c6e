"""The memory transparency panel: a server-rendered web UI over the HTTP API.

``create_app`` installs it at ``/`` (see ``docs/panel.md``). Every page is built from the
same HTTP API other clients use, called in-process through :class:`soulmem.Client` with
the logged-in owner's key.
"""

from __future__ import annotations

from soulmem.web.panel import EMOTION_COLOURS, PanelState, install_panel, router

__all__ = ["EMOTION_COLOURS", "PanelState", "install_panel", "router"]
