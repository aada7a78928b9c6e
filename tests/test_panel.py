"""The transparency panel: login, CSRF, every view in ko / ja / en, XSS, actions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from soulmem import Memory
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread
from soulmem.config import Config, SurpriseConfig
from soulmem.embed import FakeEmbedder
from soulmem.model import InboxItem, Scope, new_id

XSS = "<script>alert(1)</script><b>x</b> **md**"
TEXTS = {
    "ko": "미나는 강아지 와플을 정말 사랑해요. 오늘 함께 바다에 갔어요!",
    "ja": "ミナは犬のワッフルが大好きです。今日は一緒に海に行きました!",
    "en": "Mina adores her corgi Waffles; they went to the sea today!",
}


@dataclass
class World:
    mem: Memory
    db: Path
    owner: str
    agent: str
    other_owner: str
    memories: dict[str, str]
    queued: str
    inbox: str


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = tmp_path_factory.mktemp("panel") / "soul.db"
    mem = Memory.open(
        db, embedder=FakeEmbedder(), config=Config(surprise=SurpriseConfig(enabled=False))
    )
    owner = create_key(mem.store, "acme", role="owner")[1]
    agent = create_key(mem.store, "acme", role="agent")[1]
    other = create_key(mem.store, "beta", role="owner")[1]
    mina = mem.scope("acme::mina", "luna")
    ids = {}
    for lang, text in TEXTS.items():
        result = mina.observe(user=text, assistant="♪", session_id="s1")
        assert result.memory is not None
        ids[lang] = result.memory.id
    xss = mina.observe(user=XSS, assistant=XSS, session_id="s1").memory
    assert xss is not None
    ids["xss"] = xss.id
    mina.observe(user="My name is Mina.", session_id="s1")
    mina.observe(user="I live in Busan.", session_id="s1")
    mina.observe(user="Actually I moved to Seoul.", session_id="s1")
    queued = mina.observe(user="I ate some bread this morning.").memory
    assert queued is not None
    mina.forget(queued.id)
    item = InboxItem(
        id=new_id("inbox"),
        scope=Scope("acme::mina", "luna"),
        kind="m0_candidate",
        payload={"memory_id": ids["ko"], "content": XSS},
        status="pending",
        created_at=mem.clock.now(),
    )
    with mem.store.transaction() as tx:
        tx.put_inbox(item)
    mem.scope("acme::jun", "luna").observe(user="Jun likes chess.")
    mem.scope("beta::bob", "luna").observe(user="Bob's secret plan.")
    yield World(mem, db, owner, agent, other, ids, queued.id, item.id)
    mem.close()


@pytest.fixture
def browser(world: World) -> Iterator[TestClient]:
    with TestClient(create_app(world.mem), follow_redirects=False) as client:
        yield client


def token(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def login(client: TestClient, key: str) -> TestClient:
    form = client.get("/login")
    assert form.status_code == 200
    response = client.post("/login", data={"api_key": key, "csrf_token": token(form.text)})
    assert response.status_code == 303, response.text
    return client


SCOPE = "/s/mina/luna"
VIEWS = ["", "/cliff", "/facts", "/relationship", "/self", "/inbox", "/timeline"]


def test_login_page_and_redirects(browser: TestClient) -> None:
    assert browser.get("/").headers["location"] == "/login"
    assert browser.get(SCOPE).headers["location"] == "/login"
    page = browser.get("/login")
    assert 'name="api_key"' in page.text and 'type="submit"' in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert browser.get("/static/panel.css").headers["content-type"].startswith("text/css")
    assert browser.get("/static/../app.py").status_code == 404


def test_login_sets_an_opaque_strict_cookie(browser: TestClient, world: World) -> None:
    form = browser.get("/login")
    response = browser.post("/login", data={"api_key": world.owner, "csrf_token": token(form.text)})
    assert response.status_code == 303 and response.headers["location"] == "/"
    cookie = next(
        c for c in response.headers.get_list("set-cookie") if c.startswith("soulmem_session=")
    )
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert world.owner not in cookie and world.owner[3:20] not in cookie
    home = browser.get("/")
    assert home.status_code == 200
    links = re.findall(r'data-testid="scope-link" href="([^"]+)"', home.text)
    assert sorted(links) == ["/s/jun/luna", "/s/mina/luna"]  # never beta's bob
    assert "acme::" not in home.text and "bob" not in home.text


def test_agent_and_unknown_keys_are_refused(browser: TestClient, world: World) -> None:
    for key, status, words in (
        (world.agent, 403, "owner or admin"),
        ("sm_nope", 401, "unknown or revoked"),
    ):
        form = browser.get("/login")
        response = browser.post("/login", data={"api_key": key, "csrf_token": token(form.text)})
        assert response.status_code == status and words in response.text
        assert "soulmem_session=" not in response.headers.get("set-cookie", "")
    assert browser.get("/").status_code == 303


def test_login_without_csrf_is_refused(browser: TestClient, world: World) -> None:
    browser.get("/login")
    response = browser.post("/login", data={"api_key": world.owner})
    assert response.status_code == 403
    assert browser.get("/").status_code == 303


def test_bearer_key_works_without_a_cookie(browser: TestClient, world: World) -> None:
    page = browser.get(SCOPE, headers={"Authorization": f"Bearer {world.owner}"})
    assert page.status_code == 200 and 'data-testid="orb"' in page.text
    agent = browser.get(SCOPE, headers={"Authorization": f"Bearer {world.agent}"})
    assert agent.status_code == 303


@pytest.mark.parametrize("view", VIEWS)
def test_every_view_renders(browser: TestClient, world: World, view: str) -> None:
    login(browser, world.owner)
    page = browser.get(SCOPE + view)
    assert page.status_code == 200, page.text
    assert page.headers["content-type"].startswith("text/html")
    for nav in ("memories", "cliff", "facts", "relationship", "self", "inbox", "timeline"):
        assert f'data-testid="nav-{nav}"' in page.text
    assert "<script>alert" not in page.text


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_memories_in_each_language(browser: TestClient, world: World, lang: str) -> None:
    login(browser, world.owner)
    page = browser.get(SCOPE)
    assert TEXTS[lang] in page.text
    memory_id = world.memories[lang]
    orb = re.search(rf'<span class="orb [^"]*"[^>]*data-memory-id="{memory_id}"[^>]*>', page.text)
    assert orb and 'data-tier="M30"' in orb.group(0) and "data-emotion=" in orb.group(0)
    assert 'data-testid="tier-M30"' in page.text and 'data-testid="tier-M0"' in page.text
    detail = browser.get(f"{SCOPE}/memories/{memory_id}")
    assert detail.status_code == 200 and TEXTS[lang] in detail.text
    assert 'data-testid="delete-memory"' in detail.text
    timeline = browser.get(SCOPE + "/timeline")
    assert TEXTS[lang] in timeline.text and 'data-testid="event"' in timeline.text
    word = {"ko": "와플", "ja": "ワッフル", "en": "waffles"}[lang]
    found = browser.get(SCOPE, params={"q": word})
    assert TEXTS[lang] in found.text
    if lang != "en":  # the other CJK text does not match
        other = TEXTS["ja" if lang == "ko" else "ko"]
        assert other not in found.text


def test_xss_is_shown_as_text(browser: TestClient, world: World) -> None:
    login(browser, world.owner)
    pages = [browser.get(SCOPE + v).text for v in VIEWS]
    pages.append(browser.get(f"{SCOPE}/memories/{world.memories['xss']}").text)
    pages.append(browser.get(SCOPE, params={"q": "<script>"}).text)
    for html in pages:
        assert "<script>alert" not in html and "<b>x</b>" not in html
    detail = pages[-2]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; **md**" in detail
    assert "&lt;script&gt;" in pages[0] and "&lt;script&gt;" in pages[5]  # memories, inbox
    assert re.findall(r"<script[^>]*>", detail) == ['<script src="/static/panel.js" defer>']


def test_posts_without_a_valid_csrf_token_change_nothing(browser: TestClient, world: World) -> None:
    login(browser, world.owner)
    memory_id = world.memories["en"]
    posts = [
        (f"{SCOPE}/memories/{memory_id}/delete", {}),
        (f"{SCOPE}/memories/{world.queued}/restore", {}),
        (f"{SCOPE}/inbox/{world.inbox}/decide", {"decision": "approve", "reason": "x"}),
        ("/u/jun/erase", {"confirm": "jun"}),
        ("/logout", {}),
    ]
    for path, data in posts:
        for bad in ({}, {"csrf_token": "forged"}):
            response = browser.post(path, data={**data, **bad})
            assert response.status_code == 403, path
    mina = world.mem.scope("acme::mina", "luna")
    assert mina.memory(memory_id).status == "active"
    assert mina.memory(world.queued).status == "queued"
    assert [i.id for i in mina.inbox()] == [world.inbox]
    assert world.mem.scope("acme::jun", "luna").memories()
    assert browser.get("/").status_code == 200  # still logged in


def test_bearer_posts_need_the_token_too(browser: TestClient, world: World) -> None:
    auth = {"Authorization": f"Bearer {world.owner}"}
    path = f"{SCOPE}/memories/{world.memories['en']}/delete"
    assert browser.post(path, headers=auth).status_code == 403
    assert browser.post(path, data={"csrf_token": "x"}).status_code == 403


def test_delete_restore_decide_and_erase(browser: TestClient, world: World) -> None:
    login(browser, world.owner)
    mina = world.mem.scope("acme::mina", "luna")
    memory_id = world.memories["en"]
    detail = browser.get(f"{SCOPE}/memories/{memory_id}")
    deleted = browser.post(
        f"{SCOPE}/memories/{memory_id}/delete", data={"csrf_token": token(detail.text)}
    )
    assert deleted.status_code == 303 and mina.memory(memory_id).status == "queued"
    cliff = browser.get(SCOPE + "/cliff")
    assert 'data-testid="flash"' in cliff.text and "forgetting cliff" in cliff.text
    entry = re.search(rf'data-testid="cliff-entry" data-memory-id="{memory_id}"', cliff.text)
    assert entry and 'data-testid="restore"' in cliff.text and "left" in cliff.text
    restored = browser.post(
        f"{SCOPE}/memories/{memory_id}/restore", data={"csrf_token": token(cliff.text)}
    )
    assert restored.status_code == 303 and mina.memory(memory_id).status == "active"

    inbox = browser.get(SCOPE + "/inbox")
    assert f'data-item-id="{world.inbox}"' in inbox.text and 'name="reason"' in inbox.text
    decided = browser.post(
        f"{SCOPE}/inbox/{world.inbox}/decide",
        data={"csrf_token": token(inbox.text), "decision": "reject", "reason": "아직은 아니야"},
    )
    assert decided.status_code == 303
    (item,) = [i for i in mina.inbox(None) if i.id == world.inbox]
    assert item.status == "rejected" and item.decision_reason == "아직은 아니야"
    assert "아직은 아니야" in browser.get(SCOPE + "/inbox").text

    form = browser.get("/u/jun/erase")
    assert 'name="confirm"' in form.text and 'data-testid="erase"' in form.text
    wrong = browser.post("/u/jun/erase", data={"csrf_token": token(form.text), "confirm": "ju"})
    assert wrong.status_code == 400 and world.mem.scope("acme::jun", "luna").memories()
    erased = browser.post("/u/jun/erase", data={"csrf_token": token(form.text), "confirm": "jun"})
    assert erased.status_code == 303
    assert not world.mem.scope("acme::jun", "luna").memories()
    home = browser.get("/")
    assert 'data-testid="flash"' in home.text and "/s/jun/luna" not in home.text

    logout = browser.post("/logout", data={"csrf_token": token(home.text)})
    assert logout.status_code == 303 and browser.get("/").status_code == 303


def test_other_tenants_and_unknown_records(browser: TestClient, world: World) -> None:
    login(browser, world.other_owner)
    assert "/s/bob/luna" in browser.get("/").text
    assert "mina" not in browser.get("/").text
    response = browser.get(f"/s/mina/luna/memories/{world.memories['ko']}")
    assert response.status_code == 404 and TEXTS["ko"] not in response.text
    assert TEXTS["ko"] not in browser.get("/s/mina/luna").text


def test_facts_relationship_and_self_views(browser: TestClient, world: World) -> None:
    login(browser, world.owner)
    facts = browser.get(SCOPE + "/facts").text
    assert "Seoul" in facts
    rel = browser.get(SCOPE + "/relationship").text
    assert 'data-testid="relationship-chart"' in rel and "<polygon" in rel
    assert all(axis in rel for axis in ("trust", "affection", "respect", "rivalry", "familiarity"))
    self_page = browser.get(SCOPE + "/self").text
    assert '<pre class="soul"' in self_page


def test_panel_api_routes(world: World) -> None:
    with TestClient(create_app(world.mem)) as client:
        auth = {"Authorization": f"Bearer {world.owner}"}
        who = client.get("/v1/whoami", headers=auth).json()
        assert who["role"] == "owner" and who["tenant"] == "acme" and "key" not in who
        scopes = client.get("/v1/scopes", headers=auth).json()["items"]
        assert {"user_id": "mina", "agent_id": "luna", "world_id": None} in scopes
        base = "/v1/scopes/mina/luna"
        hits = client.get(base + "/search", params={"q": "ワッフル"}, headers=auth).json()
        assert [h["id"] for h in hits["items"]] == [world.memories["ja"]]
        detail = client.get(f"{base}/memories/{world.memories['ko']}/detail", headers=auth)
        body = detail.json()
        assert body["events"][0]["user_text"] == TEXTS["ko"]
        assert body["memory"]["scope"]["user_id"] == "mina"
        history = client.get(base + "/facts/history", headers=auth).json()["items"]
        assert any(not f["current"] for f in history) and all("revisions" in f for f in history)
        assert "items" in client.get(base + "/relationship/history", headers=auth).json()
        assert set(client.get(base + "/self", headers=auth).json()) == {
            "islands",
            "beliefs",
            "soul",
        }
        events = client.get(base + "/timeline", headers=auth).json()["items"]
        assert events and "affect" in events[0]
        assert client.get(base + "/timeline").status_code == 401


def test_the_panel_over_a_real_server(world: World) -> None:
    with (
        serve_in_thread(create_app(world.mem)) as url,
        httpx.Client(base_url=url, follow_redirects=False) as client,
    ):
        form = client.get("/login")
        response = client.post(
            "/login", data={"api_key": world.owner, "csrf_token": token(form.text)}
        )
        assert response.status_code == 303
        page = client.get(SCOPE)
        assert page.status_code == 200 and TEXTS["ko"] in page.text
        assert "&lt;script&gt;" in page.text and "<script>alert" not in page.text
