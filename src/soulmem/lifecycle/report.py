"""The picture of a simulated year: tier populations per day, as HTML (inline SVG) or PNG.

No plotting dependency: the SVG is written by hand, and the PNG comes from a tiny
rasteriser (lines, rectangles, a 5x7 bitmap font for the few labels) encoded with
``zlib`` + ``struct``.
"""

from __future__ import annotations

import html
import json
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from soulmem.errors import InvalidInput

__all__ = ["SERIES", "png_chart", "svg_chart", "write_report"]


class _Day(Protocol):
    @property
    def day(self) -> int: ...
    @property
    def tiers(self) -> dict[str, int]: ...
    @property
    def queued(self) -> int: ...


#: (label, colour) per line; "queue" is the forgetting queue
SERIES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("M30", (31, 119, 180)),
    ("M90", (255, 127, 14)),
    ("M365", (44, 160, 44)),
    ("M0", (214, 39, 40)),
    ("queue", (127, 127, 127)),
)


def _values(timeline: Sequence[_Day], label: str) -> list[int]:
    if label == "queue":
        return [d.queued for d in timeline]
    return [int(d.tiers.get(label, 0)) for d in timeline]


def _nice_max(value: int) -> int:
    top = max(value, 1)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top <= step * 5:
            return -(-top // step) * step
    return top


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    if high <= low:
        return [low]
    step = max(1, round((high - low) / count))
    ticks = list(range(low, high + 1, step))
    if ticks[-1] != high and high - ticks[-1] > step // 3:
        ticks.append(high)
    return ticks


def write_report(path: str | Path, timeline: Sequence[_Day], summary: dict[str, Any]) -> Path:
    """Write ``path``: ``.html``/``.htm`` (inline SVG chart and the summary) or ``.png``."""
    target = Path(path)
    suffix = target.suffix.lower()
    if not timeline:
        raise InvalidInput("nothing to plot: the timeline is empty")
    if suffix in (".html", ".htm"):
        target.write_text(_html(timeline, summary), encoding="utf-8")
    elif suffix == ".png":
        target.write_bytes(png_chart(timeline))
    else:
        raise InvalidInput(f"report must end in .html or .png, got {target.name!r}")
    return target


# -- SVG / HTML -----------------------------------------------------------------------------


def svg_chart(timeline: Sequence[_Day], width: int = 820, height: int = 420) -> str:
    left, right, top, bottom = 56, 110, 20, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    first, last = timeline[0].day, timeline[-1].day
    span = max(1, last - first)
    ymax = _nice_max(max(max(_values(timeline, s)) for s, _ in SERIES))

    def x(day: int) -> float:
        return left + (day - first) / span * plot_w

    def y(value: int) -> float:
        return top + plot_h - value / ymax * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        'aria-label="memories per tier over the simulated days" '
        'font-family="sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    for tick in _ticks(0, ymax):
        parts.append(
            f'<line x1="{left}" y1="{y(tick):.1f}" x2="{left + plot_w}" y2="{y(tick):.1f}" '
            'stroke="#e5e5e5"/>'
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    for tick in _ticks(first, last):
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{top + plot_h}" x2="{x(tick):.1f}" '
            f'y2="{top + plot_h + 4}" stroke="#333"/>'
            f'<text x="{x(tick):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{tick}</text>'
        )
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#333"/>'
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#333"/>'
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">day</text>'
        f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">active memories</text>'
    )
    for index, (label, rgb) in enumerate(SERIES):
        colour = "#{:02x}{:02x}{:02x}".format(*rgb)
        points = " ".join(
            f"{x(d.day):.1f},{y(v):.1f}"
            for d, v in zip(timeline, _values(timeline, label), strict=True)
        )
        dash = ' stroke-dasharray="4 3"' if label == "queue" else ""
        parts.append(
            f'<polyline class="series" data-series="{label}" fill="none" stroke="{colour}" '
            f'stroke-width="2"{dash} points="{points}"/>'
        )
        ly = top + 10 + index * 20
        name = "forgetting queue" if label == "queue" else label
        parts.append(
            f'<line x1="{left + plot_w + 12}" y1="{ly}" x2="{left + plot_w + 32}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="3"{dash}/>'
            f'<text x="{left + plot_w + 36}" y="{ly + 4}">{html.escape(name)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _html(timeline: Sequence[_Day], summary: dict[str, Any]) -> str:
    rows = "\n".join(
        f"<tr><th>{html.escape(str(key))}</th><td>{html.escape(_cell(value))}</td></tr>"
        for key, value in summary.items()
        if key != "probes"
    )
    probes = "\n".join(
        f"<tr><td>{html.escape(str(p.get('question', '')))}</td>"
        f"<td>{html.escape(str(p.get('answer', '')))}</td>"
        f"<td>{'yes' if p.get('found') else 'no'}</td></tr>"
        for p in summary.get("probes", [])
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>soulmem simulate: {html.escape(str(summary.get("days", "")))} days</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-top: 1em; }}
th, td {{ border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }}
</style>
</head>
<body>
<h1>A simulated year of memory</h1>
<p>Active memories per tier at the end of each simulated day (seed
{html.escape(str(summary.get("seed", "")))}, language
{html.escape(str(summary.get("language", "")))}, embedder
{html.escape(str(summary.get("embedder", "")))}).</p>
{svg_chart(timeline)}
{_character(summary)}
<h2>Summary</h2>
<table>
{rows}
</table>
<h2>Recall probes at the end</h2>
<table>
<tr><th>question</th><th>expected</th><th>in context</th></tr>
{probes}
</table>
</body>
</html>
"""


def _character(summary: dict[str, Any]) -> str:
    """One line on the character (islands, beliefs, relationship, imagination), if known."""
    keys = ("islands_active", "beliefs_approved", "beliefs_refused", "imaginations")
    if not all(k in summary for k in (*keys, "relationship_level_end")):
        return ""
    start = summary.get("relationship_level_start", "?")
    text = (
        f"Relationship {start} \u2192 {summary['relationship_level_end']}; "
        f"{summary['islands_active']} active personality island(s); beliefs approved by the "
        f"owner {summary['beliefs_approved']}, refused {summary['beliefs_refused']}; "
        f"{summary['imaginations']} imagined idea(s)."
    )
    return f'<p class="character">{html.escape(text)}</p>'


def _cell(value: Any) -> str:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


# -- PNG ------------------------------------------------------------------------------------

_FONT: dict[str, tuple[str, ...]] = {
    "0": ("01110", "10001", "10011", "10101", "11001", "10001", "01110"),
    "1": ("00100", "01100", "00100", "00100", "00100", "00100", "01110"),
    "2": ("01110", "10001", "00001", "00010", "00100", "01000", "11111"),
    "3": ("11110", "00001", "00001", "01110", "00001", "00001", "11110"),
    "4": ("00010", "00110", "01010", "10010", "11111", "00010", "00010"),
    "5": ("11111", "10000", "11110", "00001", "00001", "10001", "01110"),
    "6": ("00110", "01000", "10000", "11110", "10001", "10001", "01110"),
    "7": ("11111", "00001", "00010", "00100", "01000", "01000", "01000"),
    "8": ("01110", "10001", "10001", "01110", "10001", "10001", "01110"),
    "9": ("01110", "10001", "10001", "01111", "00001", "00010", "01100"),
    "M": ("10001", "11011", "10101", "10101", "10001", "10001", "10001"),
    "D": ("11110", "10001", "10001", "10001", "10001", "10001", "11110"),
    "A": ("01110", "10001", "10001", "11111", "10001", "10001", "10001"),
    "Y": ("10001", "10001", "01010", "00100", "00100", "00100", "00100"),
    "Q": ("01110", "10001", "10001", "10001", "10101", "10010", "01101"),
    "U": ("10001", "10001", "10001", "10001", "10001", "10001", "01110"),
    "E": ("11111", "10000", "10000", "11110", "10000", "10000", "11111"),
    " ": ("00000",) * 7,
}


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(b"\xff" * (width * height * 3))

    def dot(self, x: int, y: int, rgb: tuple[int, int, int]) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            at = (y * self.width + x) * 3
            self.pixels[at : at + 3] = bytes(rgb)

    def rect(self, x0: int, y0: int, x1: int, y1: int, rgb: tuple[int, int, int]) -> None:
        for yy in range(min(y0, y1), max(y0, y1) + 1):
            for xx in range(min(x0, x1), max(x0, x1) + 1):
                self.dot(xx, yy, rgb)

    def line(
        self, x0: int, y0: int, x1: int, y1: int, rgb: tuple[int, int, int], width: int = 1
    ) -> None:
        """Bresenham, thickened by a square pen."""
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        half = (width - 1) // 2
        while True:
            if width == 1:
                self.dot(x0, y0, rgb)
            else:
                self.rect(x0 - half, y0 - half, x0 - half + width - 1, y0 - half + width - 1, rgb)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def text(self, x: int, y: int, label: str, rgb: tuple[int, int, int], scale: int = 1) -> None:
        for index, char in enumerate(label.upper()):
            glyph = _FONT.get(char, _FONT[" "])
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit == "1":
                        ox = x + (index * 6 + col) * scale
                        oy = y + row * scale
                        self.rect(ox, oy, ox + scale - 1, oy + scale - 1, rgb)

    def png(self) -> bytes:
        stride = self.width * 3
        raw = b"".join(
            b"\x00" + bytes(self.pixels[row * stride : (row + 1) * stride])
            for row in range(self.height)
        )
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b"")
        )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def png_chart(timeline: Sequence[_Day], width: int = 820, height: int = 420) -> bytes:
    """The same chart as :func:`svg_chart`, as PNG bytes (RGB, 8 bits)."""
    canvas = _Canvas(width, height)
    left, right, top, bottom = 48, 110, 20, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    first, last = timeline[0].day, timeline[-1].day
    span = max(1, last - first)
    ymax = _nice_max(max(max(_values(timeline, s)) for s, _ in SERIES))
    ink, grid = (40, 40, 40), (229, 229, 229)

    def x(day: int) -> int:
        return round(left + (day - first) / span * plot_w)

    def y(value: int) -> int:
        return round(top + plot_h - value / ymax * plot_h)

    for tick in _ticks(0, ymax):
        canvas.line(left, y(tick), left + plot_w, y(tick), grid)
        label = str(tick)
        canvas.text(left - 6 - len(label) * 6, y(tick) - 3, label, ink)
    for tick in _ticks(first, last):
        canvas.line(x(tick), top + plot_h, x(tick), top + plot_h + 4, ink)
        label = str(tick)
        canvas.text(x(tick) - len(label) * 3, top + plot_h + 8, label, ink)
    canvas.line(left, top, left, top + plot_h, ink)
    canvas.line(left, top + plot_h, left + plot_w, top + plot_h, ink)
    canvas.text(left + plot_w // 2 - 12, height - 14, "DAY", ink)
    for index, (label, rgb) in enumerate(SERIES):
        values = _values(timeline, label)
        for (a, va), (b, vb) in zip(
            zip(timeline, values, strict=True),
            zip(timeline[1:], values[1:], strict=True),
            strict=False,
        ):
            canvas.line(x(a.day), y(va), x(b.day), y(vb), rgb, width=2)
        ly = top + 10 + index * 20
        canvas.line(left + plot_w + 12, ly, left + plot_w + 32, ly, rgb, width=3)
        canvas.text(left + plot_w + 38, ly - 3, label, ink)
    return canvas.png()
