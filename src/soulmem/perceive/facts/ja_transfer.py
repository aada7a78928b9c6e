"""Japanese rules for a job transfer ahead (``転勤``, ``異動``, ``内示``) as an upcoming event
(used by soulmem.perceive.facts.ja).

``来年の四月から札幌支店へ行けと内示が出まして``, ``福岡に転勤が決まった``. A transfer
changed before it happens (``札幌の話は白紙になって、代わりに高松支店です``) ends the old
place and sets the new one. Someone else's transfer (``同期の田辺が名古屋へ異動``) is left
to the usual topic check.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_text import WORD, Sent, cand

__all__ = ["TRANSFER_RULES"]

_OFFICE = r"(?:支店|支社|営業所|事業所|本社|本店|工場|出張所|オフィス)"
_PLACE = rf"(?P<p>{WORD}?{_OFFICE}|{WORD})"
_WHEN = (
    r"(?P<w>(?:来年|再来年|来月|再来月|今年|今度|秋|春|夏|冬)(?:の)?(?:[\d一二三四五六七八九十]{1,3}月)?"
    r"(?:から|に|付けで)?)?"
)
_MOVE = r"(?:転勤|異動|赴任|単身赴任|転属|出向|行け|行くこと|行くように)"
_TRANSFER = re.compile(rf"{_WHEN}[^。、]{{0,4}}?{_PLACE}(?:へ|に)(?:の)?{_MOVE}")
# the sentence must be about the user's posting: an order, a decision, a transfer word
_POSTING = re.compile(rf"内示|辞令|転勤|異動|赴任|出向|決ま|{_OFFICE}")
# "代わりに高松支店です": the posting changed; the old one "は白紙", "はなくなって"
_INSTEAD = re.compile(rf"代わりに\s*{_PLACE}(?:です|だ|に|へ|で|。|!|$|、|って)")
_DROPPED = re.compile(
    rf"{_PLACE}(?:の話|行き|の件)?(?:は|が)(?:白紙|なくなっ|無くなっ|流れ|取り消|撤回|中止)"
)
_BAD = re.compile(r"^(?:それ|これ|あれ|どこ|そこ|ここ|ほか|他|別|その|この)")


def _place(m: re.Match[str]) -> str | None:
    place = m.group("p")
    return None if _BAD.match(place) or len(place) > 12 else place


def _transfer(s: Sent) -> Iterator[Candidate]:
    t = s.text
    if not _POSTING.search(s.message):
        return
    dropped = _DROPPED.search(t)
    instead = _INSTEAD.search(t) if dropped or _POSTING.search(t) else None
    if dropped and not s.other_at(dropped.start("p")) and (old := _place(dropped)):
        for value in s.context.current.get("upcoming_event", ()):
            if old in value and "転勤" in value:
                yield cand("upcoming_event", value, s, mode="end", confidence=0.8)
    m = instead or _TRANSFER.search(t)
    if m is None or s.other_at(m.start("p")) or not (place := _place(m)):
        return
    when = m.groupdict().get("w")
    yield cand("upcoming_event", f"転勤（{place}、{when}）" if when else f"転勤（{place}）", s)


TRANSFER_RULES: tuple[Callable[[Sent], Iterator[Candidate]], ...] = (_transfer,)
