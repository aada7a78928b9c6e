"""Schemathesis against the OpenAPI schema: generated requests (valid ones and deliberately
invalid ones) for every operation, with an admin key, against the app in process.

A case fails when the answer is a 5xx, when a 4xx does not carry ``{"error": {"code",
"message"}}`` with a non-empty message, when a 4xx left any row of the database changed
(a rejected request must write nothing), or when schemathesis's own conformance checks
fail (an undocumented status code, content type, body or header). Needs ``schemathesis``
(the ``dev`` extra).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from soulmem.bench.rawscan import fingerprint
from soulmem.errors import ConfigError, DependencyMissing

__all__ = ["FuzzReport", "run_schemathesis"]


@dataclass
class FuzzReport:
    cases: int = 0
    failures: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    #: operation and mode pairs that have nothing to generate (negative cases of a GET
    #: without parameters)
    skipped: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"schemathesis_cases": self.cases, "schemathesis_failures": self.failures}


def error_shape_problem(status: int, body: bytes) -> str | None:
    """Why a 4xx body is not a clear soulmem error (None when it is one)."""
    try:
        error = json.loads(body)["error"]
        code, message = error["code"], error["message"]
    except (ValueError, KeyError, TypeError):
        return f"{status} without an error object: {body[:120]!r}"
    if not isinstance(code, str) or not code or not isinstance(message, str) or not message:
        return f"{status} with an empty code or message: {body[:120]!r}"
    return None


def _conformance_checks() -> list[Any]:
    """Schemathesis's own checks of a response against the schema (status code documented,
    content type, body and headers as declared)."""
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi import checks

    return [
        not_a_server_error,
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_schema_conformance,
        checks.response_headers_conformance,
    ]


def _conformance_problem(case: Any, response: Any, conformance: list[Any]) -> str | None:
    from schemathesis.core.failures import FailureGroup

    try:
        case.validate_response(response, checks=conformance)
    except (Exception, FailureGroup) as exc:  # a failure, or a group of them
        found = exc.exceptions if isinstance(exc, BaseExceptionGroup) else (exc,)
        return "; ".join(f"{type(e).__name__}: {str(e).strip()[:160]}" for e in found)
    return None


def run_schemathesis(db: str, cases: int, *, seed: int | None = None) -> FuzzReport:
    """Up to ``cases`` generated requests per operation and mode (positive and negative)."""
    try:
        import schemathesis
        from hypothesis import HealthCheck, Verbosity, given, settings
        from hypothesis import seed as fixed_seed
        from hypothesis.errors import Unsatisfiable
        from schemathesis.core.result import Ok
    except ImportError as exc:
        raise DependencyMissing.for_extra("schemathesis", "dev") from exc
    from soulmem.api import create_app, create_key
    from soulmem.config import ServiceLimits
    from soulmem.embed import FakeEmbedder
    from soulmem.engine import Memory

    if cases < 1:
        raise ConfigError("cases must be at least 1")
    report = FuzzReport()
    mem = Memory.open(db, embedder=FakeEmbedder())
    try:
        _, key = create_key(mem.store, "fuzz", role="admin", label="schemathesis")
        mem.scope("fuzz::u1", "luna").observe(user="My name is Mina and I love green tea.")
        app = create_app(mem, limits=ServiceLimits(rate_per_minute=0))
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        headers = {"Authorization": f"Bearer {key}"}
        conformance = _conformance_checks()
        operations = []
        for result in schema.get_all_operations():
            if isinstance(result, Ok):
                operations.append(result.ok())
            else:  # the schema itself is wrong for this operation: a failure of its own
                report.failures += 1
                report.problems.append(f"invalid schema: {result.err()}")
        for operation in operations:
            for mode in schemathesis.GenerationMode:

                @given(case=operation.as_strategy(generation_mode=mode))
                @settings(
                    max_examples=cases,
                    deadline=None,
                    database=None,
                    verbosity=Verbosity.quiet,
                    suppress_health_check=list(HealthCheck),
                )
                def one(case: Any) -> None:
                    before = fingerprint(db)
                    response = case.call(headers={**headers, **(case.headers or {})})
                    status = int(response.status_code)
                    report.cases += 1
                    report.statuses[status] = report.statuses.get(status, 0) + 1
                    where = f"{case.method} {case.formatted_path}"
                    problem = None
                    if status >= 500:
                        problem = f"{status}: {response.content[:200]!r}"
                    elif status >= 400:
                        problem = error_shape_problem(status, response.content)
                        if problem is None and fingerprint(db) != before:
                            problem = f"{status} but the database changed"
                    if problem is None:
                        problem = _conformance_problem(case, response, conformance)
                    if problem is not None:
                        report.failures += 1
                        report.problems.append(f"{where}: {problem}")

                run = one if seed is None else fixed_seed(seed)(one)
                try:
                    run()
                except Unsatisfiable:  # nothing invalid to generate (no parameters, no body)
                    report.skipped.append(f"{operation.method} {operation.path} {mode.value}")
    finally:
        mem.close()
    return report
