"""The web panel in a real browser: Playwright (Python) driving Debian's Chromium against a
real uvicorn on a seeded database (tests/panel_seed.py). Every change made through the panel
is checked afterwards through the HTTP API with ``soulmem.Client``.

Needs /usr/bin/chromium (``make test`` installs it as root through
scripts/ensure_chromium.sh); without it, or when it cannot start, every test here is skipped
with a loud reason. ``playwright install`` is never used.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from panel_seed import AGENT, OTHER_USER, TENANT, USER, XSS, Seeded, seed  # tests/ is on sys.path
from soulmem import Client, NotFound
from soulmem.api import create_app, create_key
from soulmem.api.app import serve_in_thread

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
TIMEOUT_MS = 10_000
SCOPE = f"/s/{USER}/{AGENT}"
VIEWS = ("memories", "cliff", "facts", "relationship", "self", "inbox", "timeline")


def _skip_loudly(request: pytest.FixtureRequest, why: str) -> None:
    message = (
        f"WARNING: the web panel browser tests are SKIPPED because {why} "
        "(as root: apt-get install -y chromium, or run scripts/ensure_chromium.sh)"
    )
    # past pytest's output capture, so that even `pytest -q` shows why
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if capture is not None and reporter is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line("")
            reporter.write_line(message, red=True, bold=True)
    else:
        print(message, file=sys.stderr)
    pytest.skip(message)


@dataclass
class Panel:
    url: str
    seeded: Seeded

    def client(self) -> Client:
        return Client(self.url, api_key=self.seeded.owner_key)


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    if not CHROMIUM.exists():
        _skip_loudly(request, f"{CHROMIUM} is missing")
    try:
        pw = playwright_sync.sync_playwright().start()
    except Exception as exc:  # pragma: no cover - depends on the machine
        _skip_loudly(request, f"Playwright did not start: {exc}")
    try:
        launched = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
    except Exception as exc:  # pragma: no cover - depends on the machine
        pw.stop()
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
        _skip_loudly(request, f"{CHROMIUM} cannot launch: {first_line}")
    yield launched
    launched.close()
    pw.stop()


@pytest.fixture(scope="module")
def panel(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Panel]:
    seeded = seed(tmp_path_factory.mktemp("panel") / "panel.db")
    try:
        with serve_in_thread(create_app(seeded.mem)) as url:
            yield Panel(url, seeded)
    finally:
        seeded.mem.close()


@pytest.fixture(scope="module")
def storage_state(browser: Any, panel: Panel) -> Any:
    """One owner login for the module (cookies), reused by every test's page."""
    context = browser.new_context(base_url=panel.url)
    page = context.new_page()
    login(page, panel.seeded.owner_key)
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture
def dialogs() -> list[str]:
    """The JavaScript dialogs the page opened (confirm() accepted, the rest dismissed)."""
    return []


@pytest.fixture
def page(browser: Any, panel: Panel, storage_state: Any, dialogs: list[str]) -> Iterator[Any]:
    """A logged-in page; the test fails on any uncaught JavaScript error."""
    context = browser.new_context(base_url=panel.url, storage_state=storage_state)
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    errors: list[str] = []

    def on_dialog(dialog: Any) -> None:  # a confirm() would be the panel asking "sure?"
        dialogs.append(f"{dialog.type}: {dialog.message}")
        if dialog.type == "confirm":
            dialog.accept()
        else:
            dialog.dismiss()

    tab.on("dialog", on_dialog)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    yield tab
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def login(page: Any, key: str) -> None:
    page.goto("/login")
    page.fill("input[name=api_key]", key)
    with page.expect_navigation():
        page.click("button[type=submit]")


def orb_ids(page: Any) -> list[str]:
    return [
        str(page.locator("[data-testid=orb]").nth(i).get_attribute("data-memory-id"))
        for i in range(page.locator("[data-testid=orb]").count())
    ]


def search(page: Any, query: str) -> list[str]:
    page.goto(SCOPE)
    page.fill("input[name=q]", query)
    with page.expect_navigation():
        page.press("input[name=q]", "Enter")
    return orb_ids(page)


def flash(page: Any) -> str:
    return str(page.locator("[data-testid=flash]").first.inner_text())


# ------------------------------------------------------------------------------- tests


def test_login_opens_the_scopes(browser: Any, panel: Panel) -> None:
    context = browser.new_context(base_url=panel.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto("/")  # no session: the panel asks for a key
        assert page.locator("input[name=api_key]").count() == 1
        assert page.locator("[data-testid=scope-link]").count() == 0
        login(page, "sm_not-a-real-key")
        assert page.locator("[data-testid=scope-link]").count() == 0
        agent_key = create_key(panel.seeded.mem.store, TENANT, role="agent")[1]
        login(page, agent_key)  # an agent key is a character's runtime, not its owner
        assert page.locator("[data-testid=scope-link]").count() == 0
        page.goto("/")
        assert page.locator("input[name=api_key]").count() == 1
        login(page, panel.seeded.owner_key)
        page.goto("/")
        links = page.locator("[data-testid=scope-link]")
        hrefs = {links.nth(i).get_attribute("href") for i in range(links.count())}
        assert SCOPE in hrefs and f"/s/{OTHER_USER}/{AGENT}" in hrefs, hrefs
        assert not any(h and "::" in h for h in hrefs)  # tenant-external user ids only
        page.locator(f"[data-testid=scope-link][href='{SCOPE}']").click()
        page.wait_for_url(re.compile(re.escape(SCOPE) + r"/?$"))
        tiers = {
            tier: page.locator(f"[data-testid=tier-{tier}] [data-testid=orb]").count()
            for tier in ("M0", "M30", "M90", "M365")
        }
        assert all(tiers.values()), tiers
        core = page.locator(f"[data-testid=orb][data-memory-id='{panel.seeded.memories['core']}']")
        assert core.get_attribute("data-tier") == "M0"
        sunrise = page.locator(
            f"[data-testid=orb][data-memory-id='{panel.seeded.memories['sunrise']}']"
        )
        assert sunrise.get_attribute("data-emotion") == "joy"
    finally:
        context.close()


@pytest.mark.parametrize(
    ("query", "label"),
    [("sunrise", "sunrise"), ("나비", "ko_cat"), ("抹茶", "ja_tea")],
)
def test_search_finds_an_orb_in_any_language(
    page: Any, panel: Panel, query: str, label: str
) -> None:
    page.goto(SCOPE)
    everything = orb_ids(page)
    found = search(page, query)
    assert panel.seeded.memories[label] in found, (query, found)
    assert set(found) < set(everything)  # a search narrows the orbs down


def test_orb_detail_and_delete(page: Any, panel: Panel) -> None:
    memory_id = panel.seeded.memories["sunrise"]
    search(page, "sunrise")
    page.locator(f"[data-testid=orb][data-memory-id='{memory_id}']").locator(
        "xpath=descendant-or-self::a | ancestor::a"
    ).first.click()
    page.wait_for_url(f"**{SCOPE}/memories/{memory_id}")
    body = page.locator("body").inner_text()
    assert "We watched the sunrise from the hill" in body and "M365" in body
    # deleting moves it to the forgetting queue
    flowers = panel.seeded.memories["flowers"]
    page.goto(f"{SCOPE}/memories/{flowers}")
    with page.expect_navigation():
        page.click("[data-testid=delete-memory]")
    with panel.client() as api:
        queue = api.scope(user_id=USER, agent_id=AGENT).forgetting_queue()
    assert flowers in {e["memory_id"] for e in queue}
    assert next(e for e in queue if e["memory_id"] == flowers)["reason"] == "manual"


def test_restore_from_the_forgetting_cliff(page: Any, panel: Panel) -> None:
    queued = panel.seeded.queued_id
    with panel.client() as api:
        luna = api.scope(user_id=USER, agent_id=AGENT)
        assert luna.memory(queued)["status"] == "queued"
    page.goto(SCOPE)
    page.click("[data-testid=nav-cliff]")
    page.wait_for_url(f"**{SCOPE}/cliff")
    entry = page.locator(f"[data-testid=cliff-entry][data-memory-id='{queued}']")
    assert "ducks" in entry.inner_text()
    with page.expect_navigation():
        entry.locator("[data-testid=restore]").click()
    assert flash(page)
    assert page.locator(f"[data-testid=cliff-entry][data-memory-id='{queued}']").count() == 0
    with panel.client() as api:
        luna = api.scope(user_id=USER, agent_id=AGENT)
        assert luna.memory(queued)["status"] == "active"
        assert queued not in {e["memory_id"] for e in luna.forgetting_queue()}
        assert queued in {m["id"] for m in luna.memories(limit=500)}


def test_inbox_approve_and_reject_with_a_reason(page: Any, panel: Panel) -> None:
    m0_item = panel.seeded.inbox_ids["m0_candidate"]
    belief_item = panel.seeded.inbox_ids["belief"]
    reason = "not yet — 아직 아니야"
    page.goto(SCOPE)
    page.click("[data-testid=nav-inbox]")
    page.wait_for_url(f"**{SCOPE}/inbox")
    with page.expect_navigation():
        page.locator(f"[data-testid=inbox-item][data-item-id='{m0_item}']").locator(
            "[data-testid=approve]"
        ).click()
    assert flash(page)
    item = page.locator(f"[data-testid=inbox-item][data-item-id='{belief_item}']")
    item.locator("textarea[name=reason]").fill(reason)
    with page.expect_navigation():
        item.locator("[data-testid=reject]").click()
    assert flash(page)
    with panel.client() as api:
        luna = api.scope(user_id=USER, agent_id=AGENT)
        decided = {i["id"]: i for i in luna.inbox(status="all")}
        assert decided[m0_item]["status"] == "approved"
        assert decided[belief_item]["status"] == "rejected"
        assert reason in (decided[belief_item]["decision_reason"] or "")
        assert {m0_item, belief_item}.isdisjoint({i["id"] for i in luna.inbox()})
        candidate = luna.memory(panel.seeded.memories["candidate"])
        assert candidate["tier"] == "M0"


def test_erase_a_user_needs_the_typed_id(page: Any, panel: Panel) -> None:
    with panel.client() as api:
        jun = api.scope(user_id=OTHER_USER, agent_id=AGENT)
        before = len(jun.memories())
        assert before > 0
    page.goto(f"/u/{OTHER_USER}/erase")
    page.fill("input[name=confirm]", USER)  # the wrong user id: nothing happens
    with page.expect_navigation():
        page.click("[data-testid=erase]")
    assert flash(page) and page.locator("input[name=confirm]").count() == 1
    with panel.client() as api:
        assert len(api.scope(user_id=OTHER_USER, agent_id=AGENT).memories()) == before
    page.goto(f"/u/{OTHER_USER}/erase")
    page.fill("input[name=confirm]", OTHER_USER)
    with page.expect_navigation():
        page.click("[data-testid=erase]")
    assert flash(page)
    with panel.client() as api:
        jun = api.scope(user_id=OTHER_USER, agent_id=AGENT)
        assert jun.memories() == [] and jun.memories(status="queued") == []
        assert list(jun.export()) == []
        assert jun.facts() == []
        mina = api.scope(user_id=USER, agent_id=AGENT)
        assert mina.memories()  # the other user is untouched
    page.goto("/")
    hrefs = {
        page.locator("[data-testid=scope-link]").nth(i).get_attribute("href")
        for i in range(page.locator("[data-testid=scope-link]").count())
    }
    assert SCOPE in hrefs and f"/s/{OTHER_USER}/{AGENT}" not in hrefs


def test_script_in_content_is_shown_as_text(page: Any, panel: Panel, dialogs: list[str]) -> None:
    memory_id = panel.seeded.memories["xss"]
    found = search(page, "popcorn")
    assert memory_id in found
    page.goto(f"{SCOPE}/memories/{memory_id}")
    assert XSS in page.locator("body").inner_text()  # the tag is shown as text
    for view in ("timeline", "facts", "memories"):
        page.goto(SCOPE)
        page.click(f"[data-testid=nav-{view}]")
        page.wait_for_load_state()
    assert page.locator("script", has_text="alert(1)").count() == 0
    assert dialogs == []


def test_every_view_opens(page: Any, panel: Panel) -> None:
    page.goto(SCOPE)
    for view in VIEWS:
        with page.expect_navigation() as nav:
            page.click(f"[data-testid=nav-{view}]")
        response = nav.value
        assert response is not None and response.ok, (view, response and response.status)
        text = page.locator("body").inner_text()
        if view == "facts":
            assert "Lisbon" in text
        if view == "timeline":
            assert page.locator("[data-testid=event]").count() >= 10
            assert "나비" in text and "抹茶" in text
    with panel.client() as api:  # the self view shows SOUL.md
        soul = api.scope(user_id=USER, agent_id=AGENT).soul()
    assert soul.startswith("# SOUL.md")


def test_a_missing_memory_is_not_found(page: Any, panel: Panel) -> None:
    response = page.goto(f"{SCOPE}/memories/mem_does_not_exist")
    assert response is not None and response.status == 404
    with panel.client() as api, pytest.raises(NotFound):
        api.scope(user_id=USER, agent_id=AGENT).memory("mem_does_not_exist")
