"""The name of a close friend told a message later (soulmem.perceive.facts.ko): "베프 하나
있는데 …" and then "걔도 노래 개잘함 이름은 소윤이 ㅋㅋ". The name is the friend's when the
sentence speaks of 걔 / 그 친구 and the user's last messages told of the close friend."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, word_ok
from soulmem.perceive.facts.ko_kin import NAMELESS_FRIEND
from soulmem.perceive.facts.ko_lex import FILLERS, PERSONS

__all__ = ["friend_named_rule"]

_CLOSE = re.compile(r"(?P<k>단짝|베프|절친|찐친|소꿉친구|제일\s*친한|가장\s*친한)")
_THAT_ONE = re.compile(r"(?:^|\s)(?:걔|그\s*친구|그\s*애|그\s*녀석|그\s*놈)")
_NAMED = re.compile(
    r"(?:^|\s)(?:걔\s*)?이름(?:은|이)\s*(?P<n>[가-힣]{2,3}?)(?:이)?(?:야|이야|예요|이에요|임|이고|"
    r"라고|이라고|인데|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)


def friend_named_rule(m: Msg, s: Sent) -> None:
    if s.question or "best_friend" in m.taken:
        return
    mt = _NAMED.search(s.text)
    if not mt or not _THAT_ONE.search(m.text[: m.text.find(s.text) + mt.end()]):
        return
    told = [v for v in m.ctx.current.get("best_friend", ()) if NAMELESS_FRIEND.match(v)]
    if m.ctx.current.get("best_friend") and not told:
        return
    said = [k for t in m.ctx.previous_user_texts[-2:] if (k := _CLOSE.search(t))]
    if not said and not told:
        return
    before = s.text[: mt.start()].split()[-1:]
    if before and (before[0] in PERSONS or re.search(r"(?:의|네)$", before[0])):
        return  # "걔 동생 이름은 민지야": the name of someone else
    name = mt.group("n")
    if name in PERSONS or name in FILLERS or not word_ok(name):
        return
    kind = " ".join(said[-1].group("k").split()) if said else told[-1].split()[0]
    kind = "단짝" if kind.startswith(("제일", "가장")) else kind
    m.add(s, "best_friend", f"{name} ({kind})", mode="refine" if told else "set", confidence=0.75)
