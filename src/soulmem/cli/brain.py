"""``soulmem brain``: the reference brain worker against a soulmem server."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

__all__ = ["brain"]


def brain(
    url: Annotated[
        str, typer.Option("--url", help="The soulmem server, e.g. http://127.0.0.1:8000.")
    ],
    llm_base_url: Annotated[
        str, typer.Option("--llm-base-url", help="OpenAI-compatible base URL, e.g. .../v1.")
    ],
    model: Annotated[str, typer.Option("--model", help="The LLM's model name.")] = "default",
    api_key: Annotated[
        str | None,
        typer.Option("--api-key", help="soulmem owner key (default: $SOULMEM_API_KEY)."),
    ] = None,
    llm_api_key: Annotated[
        str | None, typer.Option("--llm-api-key", help="LLM key (default: $OPENAI_API_KEY).")
    ] = None,
    kinds: Annotated[
        str,
        typer.Option(help="Comma-separated job kinds to lease (default: every brain kind)."),
    ] = "",
    max_jobs: Annotated[int, typer.Option(help="Stop after N jobs (0: no limit).")] = 0,
    idle_exit: Annotated[
        float | None, typer.Option(help="Stop after this many seconds without a job.")
    ] = None,
    worker: Annotated[str | None, typer.Option(help="Worker name (default host:pid).")] = None,
    lease_seconds: Annotated[int, typer.Option(help="Lease length per job.")] = 120,
    llm_timeout: Annotated[float, typer.Option(help="Seconds per LLM call.")] = 60.0,
    poll: Annotated[float, typer.Option(help="Seconds between polls when idle.")] = 2.0,
) -> None:
    """Lease brain jobs (extract, summarize, distill, reflect, imagine, dialogue), answer them
    with an OpenAI-compatible LLM and submit the answers."""
    from soulmem.jobs.brain import BrainWorker
    from soulmem.jobs.kinds import BRAIN_KINDS
    from soulmem.llm import OpenAICompatibleLLM

    chosen = [k.strip() for k in kinds.split(",") if k.strip()] or list(BRAIN_KINDS)
    unknown = sorted(set(chosen) - set(BRAIN_KINDS))
    if unknown:
        raise typer.BadParameter(f"unknown kinds {unknown}; choose from {', '.join(BRAIN_KINDS)}")
    llm = OpenAICompatibleLLM(
        base_url=llm_base_url,
        model=model,
        api_key=llm_api_key or os.environ.get("OPENAI_API_KEY"),
    )
    with BrainWorker(
        url,
        api_key or os.environ.get("SOULMEM_API_KEY"),
        llm,
        kinds=chosen,
        worker=worker,
        lease_seconds=lease_seconds,
        llm_timeout=llm_timeout,
        poll_interval=poll,
    ) as runner:
        stats = runner.run(max_jobs=max_jobs, idle_exit=idle_exit)
    print(json.dumps(stats.to_dict()))
