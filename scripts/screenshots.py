"""Screenshots of every web panel view at desktop (1280x800) and phone (390x844) widths.

Starts the API and panel on a seeded temporary database (tests/panel_seed.py: Korean,
Japanese and English turns, every tier, a forgetting queue, an inbox), logs in with an
owner key and writes ``<view>-desktop.png`` and ``<view>-phone.png`` into ``--out``
(docs/screenshots by default). Needs Debian's chromium at /usr/bin/chromium
(``make screenshots`` installs it when run as root)::

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--full-page]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from panel_seed import AGENT, OTHER_USER, USER, seed  # noqa: E402

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
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SCOPE = f"/s/{USER}/{AGENT}"
NAV_VIEWS = ("memories", "cliff", "facts", "relationship", "self", "inbox", "timeline")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument(
        "--full-page", action="store_true", help="the whole page, not only the first screen"
    )
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(
            f"error: {CHROMIUM} is missing; install Debian's chromium "
            "(as root: scripts/ensure_chromium.sh --fonts)",
            file=sys.stderr,
        )
        return 1
    from playwright.sync_api import sync_playwright

    from soulmem.api import create_app
    from soulmem.api.app import serve_in_thread

    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="soulmem-screens-") as tmp:
        seeded = seed(Path(tmp) / "panel.db")
        try:
            with serve_in_thread(create_app(seeded.mem)) as url, sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
                )
                try:
                    for size, (width, height) in SIZES.items():
                        context = browser.new_context(
                            base_url=url,
                            viewport={"width": width, "height": height},
                            device_scale_factor=1,
                            is_mobile=size == "phone",
                            has_touch=size == "phone",
                        )
                        context.set_default_timeout(15_000)
                        page = context.new_page()
                        for view, shoot in _views(seeded):
                            shoot(page)
                            path = args.out / f"{view}-{size}.png"
                            page.screenshot(path=str(path), full_page=args.full_page)
                            written.append(path)
                        context.close()
                finally:
                    browser.close()
        finally:
            seeded.mem.close()
    for path in written:
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    print(f"{len(written)} screenshots in {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0


def _views(seeded: Any) -> list[tuple[str, Any]]:
    """(name, how to get there) in order: the login first, the erase page last."""

    def login(page: Any) -> None:
        page.goto("/login")
        page.wait_for_load_state("networkidle")

    def scopes(page: Any) -> None:
        page.fill("input[name=api_key]", seeded.owner_key)
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.goto("/")

    def nav(view: str) -> Any:
        def go(page: Any) -> None:
            page.goto(SCOPE)
            with page.expect_navigation():
                page.click(f"[data-testid=nav-{view}]")
            page.wait_for_load_state("networkidle")

        return go

    def memory(page: Any) -> None:
        page.goto(f"{SCOPE}/memories/{seeded.memories['sunrise']}")

    def search(page: Any) -> None:
        page.goto(SCOPE)
        page.fill("input[name=q]", "나비")
        with page.expect_navigation():
            page.press("input[name=q]", "Enter")

    def erase(page: Any) -> None:
        page.goto(f"/u/{OTHER_USER}/erase")

    views: list[tuple[str, Any]] = [("login", login), ("scopes", scopes)]
    views += [(view, nav(view)) for view in NAV_VIEWS]
    views += [("search", search), ("memory", memory), ("erase", erase)]
    return views


if __name__ == "__main__":
    raise SystemExit(main())
