"""``soulmem.Client``: the HTTP API with the in-process API's method names.

>>> client = soulmem.Client("http://127.0.0.1:8765", api_key="sm_...")   # doctest: +SKIP
>>> luna = client.scope(user_id="u1", agent_id="luna")                    # doctest: +SKIP
>>> luna.observe(user="I have a corgi named Waffles.")                     # doctest: +SKIP
>>> print(luna.recall("what is my dog called?").text)                      # doctest: +SKIP

``recall`` returns the same :class:`soulmem.Context` (of :class:`soulmem.RecallItem`) as
``ScopedMemory.recall``; other records come back as JSON dicts (user ids as the tenant knows
them). HTTP errors raise the soulmem error named by the response's ``code``. Needs ``httpx``
(``pip install "soulmem[server]"``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from soulmem import errors
from soulmem.clock import from_iso
from soulmem.errors import DependencyMissing, SoulmemError
from soulmem.recall.items import Context, RecallItem

if TYPE_CHECKING:
    import httpx

__all__ = ["Client", "ClientScope", "ObservedTurn"]

_BY_CODE: dict[str, type[SoulmemError]] = {
    cls.code: cls
    for cls in (getattr(errors, name) for name in errors.__all__)
    if isinstance(cls, type) and issubclass(cls, SoulmemError)
}
_BY_STATUS: dict[int, type[SoulmemError]] = {
    401: errors.Unauthorized,
    403: errors.PermissionDenied,
    404: errors.NotFound,
    413: errors.InputTooLarge,
}


@dataclass(frozen=True)
class ObservedTurn:
    """What ``observe`` created: the event (as JSON) and the memory made from it."""

    event_id: str
    memory_id: str | None
    event: dict[str, Any]
    facts_added: list[dict[str, Any]] = field(default_factory=list)
    facts_closed: list[dict[str, Any]] = field(default_factory=list)


class Client:
    """A synchronous client of a soulmem server."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        try:
            import httpx
        except ImportError as exc:  # pragma: no cover - depends on the installed extras
            raise DependencyMissing.for_extra("httpx", "server") from exc
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout, transport=transport
        )

    # -- scopes ------------------------------------------------------------------------------

    def scope(self, user_id: str, agent_id: str, world_id: str | None = None) -> ClientScope:
        return ClientScope(self, user_id, agent_id, world_id)

    # -- the owner's door and the service ----------------------------------------------------

    def decide(
        self,
        user_id: str,
        agent_id: str,
        item_id: str,
        approve: bool,
        reason: str = "",
        *,
        world_id: str | None = None,
    ) -> dict[str, Any]:
        """Approve or reject an inbox proposal (owner and admin keys)."""
        path = f"{_scope_path(user_id, agent_id)}/inbox/{_seg(item_id)}/decide"
        result: dict[str, Any] = self.request(
            "POST", path, json={"approve": approve, "reason": reason}, world_id=world_id
        )
        return result

    def erase_user(self, user_id: str) -> dict[str, Any]:
        """Delete everything stored about a user (owner and admin keys). Irreversible."""
        result: dict[str, Any] = self.request("DELETE", f"/v1/users/{_seg(user_id)}")
        return result

    def health(self) -> dict[str, Any]:
        result: dict[str, Any] = self.request("GET", "/v1/health")
        return result

    def metrics(self) -> dict[str, Any]:
        result: dict[str, Any] = self.request("GET", "/v1/metrics")
        return result

    def whoami(self) -> dict[str, Any]:
        """The calling key: ``key_id``, ``tenant``, ``role``, ``user_id`` (never the key)."""
        result: dict[str, Any] = self.request("GET", "/v1/whoami")
        return result

    def scopes(self) -> list[dict[str, Any]]:
        """The tenant's scopes with events: ``user_id``, ``agent_id``, ``world_id``."""
        found: list[dict[str, Any]] = []
        offset: int | None = 0
        while offset is not None:
            data = self.request("GET", "/v1/scopes", params={"limit": 500, "offset": offset})
            found.extend(data["items"])
            offset = data["next_offset"]
        return found

    # -- plumbing ----------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        world_id: str | None = None,
        raw: bool = False,
    ) -> Any:
        """One call: the decoded JSON (or the response text with ``raw``); soulmem errors for
        error responses."""
        import httpx

        query = {k: v for k, v in (params or {}).items() if v is not None}
        if world_id is not None:
            query["world_id"] = world_id
        try:
            response = self._http.request(method, path, json=json, params=query or None)
        except httpx.HTTPError as exc:
            raise SoulmemError(f"{method} {path} failed: {exc}") from exc
        if response.status_code >= 400:
            raise _error(response)
        return response.text if raw else response.json()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ClientScope:
    """One user x character (x world) scope on the server: ``ScopedMemory``'s methods."""

    def __init__(
        self, client: Client, user_id: str, agent_id: str, world_id: str | None = None
    ) -> None:
        self.client = client
        self.user_id = user_id
        self.agent_id = agent_id
        self.world_id = world_id
        self._path = _scope_path(user_id, agent_id)

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        return self.client.request(method, self._path + path, world_id=self.world_id, **kwargs)

    def observe(
        self,
        user: str | None = None,
        assistant: str | None = None,
        *,
        session_id: str | None = None,
        at: datetime | str | None = None,
        user_name: str | None = None,
        assistant_name: str | None = None,
        source: str = "conversation",
        images: Sequence[str] | None = None,
        files: Sequence[str] | None = None,
        entities: Sequence[str] | None = None,
        salience: float | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> ObservedTurn:
        body = {
            "user": user,
            "assistant": assistant,
            "session_id": session_id,
            "at": at.isoformat() if isinstance(at, datetime) else at,
            "user_name": user_name,
            "assistant_name": assistant_name,
            "source": source,
            "images": None if images is None else list(images),
            "files": None if files is None else list(files),
            "entities": None if entities is None else list(entities),
            "salience": salience,
            "metadata": metadata,
        }
        data = self._call("POST", "/observe", json=body)
        return ObservedTurn(
            data["event_id"],
            data["memory_id"],
            data["event"],
            data.get("facts_added", []),
            data.get("facts_closed", []),
        )

    def recall(
        self,
        query: str,
        *,
        budget_tokens: int | None = None,
        max_items: int | None = None,
        rehearse: bool = True,
        files: Sequence[str] = (),
        entities: Sequence[str] = (),
    ) -> Context:
        body = {
            "query": query,
            "budget_tokens": budget_tokens,
            "max_items": max_items,
            "rehearse": rehearse,
            "files": list(files),
            "entities": list(entities),
        }
        data = self._call("POST", "/recall", json=body)
        items = tuple(
            RecallItem(
                kind=i["kind"],
                id=i["id"],
                text=i["text"],
                score=i["score"],
                source_event_ids=tuple(i["source_event_ids"]),
                at=from_iso(i["at"]) if i.get("at") else None,
                why=dict(i.get("why") or {}),
                section=i.get("section", "memories"),
                memory_id=i.get("memory_id"),
            )
            for i in data["items"]
        )
        return Context(
            query=data["query"],
            text=data["text"],
            items=items,
            budget_tokens=data["budget_tokens"],
            used_tokens=data["used_tokens"],
            dropped=data.get("dropped", 0),
            continuity=data.get("continuity"),
        )

    def facts(self) -> list[dict[str, Any]]:
        return list(self._pages("/facts"))

    def memories(
        self, *, limit: int = 100, offset: int = 0, status: str = "active"
    ) -> list[dict[str, Any]]:
        data = self._call(
            "GET", "/memories", params={"limit": limit, "offset": offset, "status": status}
        )
        items: list[dict[str, Any]] = data["items"]
        return items

    def memory(self, memory_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._call("GET", f"/memories/{_seg(memory_id)}")
        return result

    def forget(self, memory_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._call("DELETE", f"/memories/{_seg(memory_id)}")
        return result

    def restore(self, memory_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._call("POST", f"/memories/{_seg(memory_id)}/restore")
        return result

    def forgetting_queue(self) -> list[dict[str, Any]]:
        return list(self._pages("/forgetting"))

    def inbox(self, status: str | None = "pending") -> list[dict[str, Any]]:
        return list(self._pages("/inbox", status=status or "all"))

    def relationship(self) -> dict[str, Any]:
        result: dict[str, Any] = self._call("GET", "/relationship")
        return result

    def soul(self) -> str:
        text: str = self._call("GET", "/soul")["text"]
        return text

    def export(self) -> Iterator[dict[str, Any]]:
        """Every event of the scope as dicts (the JSONL the server streams), oldest first."""
        text = self._call("GET", "/export", raw=True)
        for line in text.splitlines():
            if line.strip():
                yield json.loads(line)

    def import_records(self, records: Iterable[dict[str, Any]]) -> int:
        """Observe exported events or plain turns into this scope; returns the count."""
        imported: int = self._call("POST", "/import", json={"records": list(records)})["imported"]
        return imported

    def search(
        self, q: str = "", *, status: str = "active", limit: int = 100, offset: int = 0
    ) -> dict[str, Any]:
        """One page of the memories whose content contains ``q`` (newest first)."""
        params = {"q": q, "status": status, "limit": limit, "offset": offset}
        result: dict[str, Any] = self._call("GET", "/search", params=params)
        return result

    def memory_detail(self, memory_id: str) -> dict[str, Any]:
        """``memory``, its source ``events`` (with affect), ``facts``, ``revisions`` and its
        ``forgetting`` entry (or None)."""
        result: dict[str, Any] = self._call("GET", f"/memories/{_seg(memory_id)}/detail")
        return result

    def fact_history(self) -> list[dict[str, Any]]:
        """Every fact, current and superseded, each with ``current`` and ``revisions``."""
        return list(self._pages("/facts/history"))

    def relationship_history(self, limit: int = 100) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = self._call(
            "GET", "/relationship/history", params={"limit": limit}
        )["items"]
        return items

    def self_model(self) -> dict[str, Any]:
        """``islands``, ``beliefs`` (with ``versions``) and ``soul`` (``text``, ``versions``,
        ``diff``)."""
        result: dict[str, Any] = self._call("GET", "/self")
        return result

    def timeline(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest events, newest first, each with its ``affect``."""
        items: list[dict[str, Any]] = self._call("GET", "/timeline", params={"limit": limit})[
            "items"
        ]
        return items

    def _pages(self, path: str, **params: Any) -> Iterator[dict[str, Any]]:
        offset: int | None = 0
        while offset is not None:
            data = self._call("GET", path, params={**params, "limit": 500, "offset": offset})
            yield from data["items"]
            offset = data["next_offset"]


def _seg(value: str) -> str:
    return quote(value, safe="")


def _scope_path(user_id: str, agent_id: str) -> str:
    return f"/v1/scopes/{_seg(user_id)}/{_seg(agent_id)}"


def _error(response: httpx.Response) -> SoulmemError:
    code, message = "", response.text[:500]
    try:
        body = response.json()
        code = str(body["error"]["code"])
        message = str(body["error"]["message"])
    except (ValueError, KeyError, TypeError):
        pass
    cls = _BY_CODE.get(code)
    if cls is None or cls.status != response.status_code:
        cls = _BY_STATUS.get(response.status_code)
    if cls is None:
        cls = errors.InvalidInput if 400 <= response.status_code < 500 else SoulmemError
    error = cls(message)
    if isinstance(error, errors.RateLimited):
        retry = response.headers.get("retry-after", "")
        error.retry_after = int(retry) if retry.isdigit() else 1
    error.status = response.status_code
    error.code = code or cls.code
    return error
