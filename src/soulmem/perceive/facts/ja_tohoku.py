"""Tohoku (津軽弁, 秋田弁) forms to standard Japanese, for the rules.

Like ``ja_kyushu``, a light rewrite of the common forms only, in a message that shows the
dialect or follows one that does (``_GATE``: ``だべ``, ``だおん``, ``まいね``, ``はんで``,
``けやぐ``, ``わ、`` ...): the first-person ``わ`` (``わ、字っこ打つのおそい``) → ``私``; the
diminutive ``っこ`` after a noun (``指っこ``, ``ガイドっこ``) dropped; ``はんで`` → ``から``;
``まいね`` → ``だめ``; the progressive ``習ってら`` / ``取り寄せでら`` → ``ている`` and
``やってだ`` → ``ていた``; the particle ``さ`` before a verb of going or being led
(``公民館さ通い始めた``) → ``に``.
"""

from __future__ import annotations

import re

from soulmem.perceive.facts.rewrite import rewrite

__all__ = ["standardise_tohoku"]

_GATE = re.compile(
    r"だべ|だおん|まいね|はんで|けやぐ|めやぐ|ばっちゃ|じっちゃ|(?:^|[、。!\s])わ[、はがのも]|"
    r"(?<=[てで])ら(?=[。!、\s]|$)|だども|んだんだ"
)
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # わ、 / わは / わの: I
        (r"(?:(?<=^)|(?<=[、。!?\s]))わ(?=[、はがのもさ])", "私"),
        # 字っこ / ガイドっこ / 香りっこ: the noun alone
        (r"(?<=[一-龯々ァ-ヺり])っこ(?=[はがをもにでのと、。!?\s]|$|や)", ""),
        (r"だはんで|はんで", "から"),
        (r"まいね", "だめ"),
        # 習ってら / 取り寄せでら → 習っている / 取り寄せている; やってだ → やっていた
        (r"(?<=っ)てら(?=[。!、?\s]|$)", "ている"),
        (r"(?<=[えけげせぜねへべめれ])でら(?=[。!、?\s]|$)", "ている"),
        (r"(?<=っ)てだ(?=ん|[。!、\s]|$)", "ていた"),
        # 公民館さ通い始めた, ミツエさ誘われ: に
        (r"(?<=[一-龯々ァ-ヺ])さ(?=行|来|通|帰|出|入|誘|教|習|隠|嫁|勤)", "に"),
    )
)


def standardise_tohoku(text: str, earlier: tuple[str, ...] = ()) -> str:
    """The message with common Tohoku forms rewritten to standard Japanese, when it or one of
    the user's ``earlier`` messages shows the dialect."""
    return rewrite(text, _GATE, _RULES, earlier)
