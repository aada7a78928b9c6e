#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the web panel's browser tests
# (tests/test_panel_browser.py drives it through Playwright; `playwright install` is never
# used). Installs it with apt-get when run as root; otherwise warns loudly and exits 0, and
# the browser tests skip themselves with the same reason.
#
#   scripts/ensure_chromium.sh           chromium (make test)
#   scripts/ensure_chromium.sh --fonts   chromium and CJK fonts, so the Korean and Japanese
#                                        memories of the screenshots are not boxes
set -uo pipefail
CHROMIUM=/usr/bin/chromium
packages=()
[ -x "$CHROMIUM" ] || packages+=(chromium)
if [ "${1:-}" = "--fonts" ] && [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then
    packages+=(fonts-noto-cjk)
fi

warn() {
    if [ -x "$CHROMIUM" ]; then  # only the fonts are missing
        echo "WARNING: could not install fonts-noto-cjk ($1): Korean and Japanese text in" \
            "the screenshots will show as boxes" >&2
        exit 0
    fi
    echo "" >&2
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
    echo "WARNING: $CHROMIUM is missing: the web panel browser tests will be SKIPPED because $1" >&2
    echo "         (as root: apt-get install -y chromium)" >&2
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
    echo "" >&2
    exit 0
}

if [ "${#packages[@]}" = 0 ]; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    warn "this user is not root, so apt-get cannot install ${packages[*]}"
fi
if ! command -v apt-get >/dev/null 2>&1; then
    warn "there is no apt-get on this machine"
fi
echo "ensure_chromium: installing ${packages[*]} with apt-get" >&2
if ! apt-get update -q; then
    warn "apt-get update failed"
fi
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"; then
    warn "apt-get install ${packages[*]} failed"
fi
if [ ! -x "$CHROMIUM" ]; then
    warn "apt-get ran but $CHROMIUM is still not there"
fi
echo "ensure_chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) is installed" >&2
