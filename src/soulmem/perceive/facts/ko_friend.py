"""The name of a close friend told a message later (soulmem.perceive.facts.ko): "베프 하나
있는데 …" and then "걔도 노래 개잘함 이름은 소윤이 ㅋㅋ". The name is the friend's when the
sentence speaks of 걔 / 그 친구 and the user's last messages told of the close friend, or when
the message opens on it ("만복이라고, 최만복이...")."""

from __future__ import annotations

import re

from soulmem.perceive.facts.ko_base import Msg, Sent, word_ok
from soulmem.perceive.facts.ko_kin import NAMELESS_FRIEND
from soulmem.perceive.facts.ko_lex import FILLERS, PERSONS

__all__ = ["friend_named_rule", "friend_opens_named"]

_CLOSE = re.compile(
    r"(?P<k>단짝|베프|절친|찐친|소꿉친구|불알친구|부랄친구|죽마고우|제일\s*친한|가장\s*친한)"
)
# "만복이라고, 최만복이...": the next message opening on the name of the friend just told of
_OPENS_NAMED = re.compile(r"^(?P<n>[가-힣]{2,3}?)(?:이)?(?:라고|이라고)\s*[,，]")
_THAT_ONE = re.compile(r"(?:^|\s)(?:걔|그\s*친구|그\s*애|그\s*녀석|그\s*놈)")
_NAMED = re.compile(
    r"(?:^|\s)(?:걔\s*)?이름(?:은|이)\s*(?P<n>[가-힣]{2,3}?)(?:이)?(?:야|이야|예요|이에요|임|이고|"
    r"라고|이라고|인데|$)(?=$|[\s.,!?~ㅋㅎㅠㅜ])"
)


def friend_named_rule(m: Msg, s: Sent) -> None:
    if s.question or "best_friend" in m.taken:
        return
    mt = _NAMED.search(s.text)
    if mt and _THAT_ONE.search(m.text[: m.text.find(s.text) + mt.end()]):
        _name_friend(m, s, mt)


def friend_opens_named(m: Msg) -> None:
    """ "만복이라고, 최만복이...": a message opening on the name of the friend told of last."""
    mt = _OPENS_NAMED.match(m.text)
    if mt and m.sents and not m.sents[0].question and "best_friend" not in m.taken:
        _name_friend(m, m.sents[0], mt)


def _name_friend(m: Msg, s: Sent, mt: re.Match[str]) -> None:
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
    full = re.search(
        rf"(?:^|[\s,，])(?P<f>[가-힣]{re.escape(name)})(?:이)?(?=$|[\s.,!?…~])", m.text
    )
    name = full.group("f") if full and full.group("f")[0] != name[0] else name
    kind = " ".join(said[-1].group("k").split()) if said else told[-1].split()[0]
    kind = "단짝" if kind.startswith(("제일", "가장")) else kind
    kind = kind.removesuffix(" 친구") if kind.endswith("친구 친구") else kind
    m.add(s, "best_friend", f"{name} ({kind})", mode="refine" if told else "set", confidence=0.75)
