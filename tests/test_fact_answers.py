"""Short replies that answer the character's question, in each language.

``tests/data/fact_cases/answers_<lang>.json`` holds the cases, written apart from the rules:
``{"assistant": the character's last message, "user": the reply, "subject": ...}`` with
either ``"answer_any"`` (substrings one of which the user's value for the subject must hold)
or ``"absent": true`` (the reply must give the user no value for it: a deflection, a
question back, someone else's fact). Cases the rules still miss carry ``"known_miss": true``
and a ``"why"``, and must stay misses until their mark is removed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from soulmem.perceive.facts import FactContext, extract_facts

DATA = Path(__file__).resolve().parent / "data" / "fact_cases"
CASES = [
    (path.stem.removeprefix("answers_"), case)
    for path in sorted(DATA.glob("answers_*.json"))
    for case in json.loads(path.read_text(encoding="utf-8"))
]


def user_values(lang: str, case: dict[str, Any]) -> list[str]:
    context = FactContext(previous_assistant_text=case["assistant"])
    found = extract_facts(case["user"], context, language=lang)
    return [
        c.value
        for c in found
        if c.subject == case["subject"] and c.about == "user" and not c.negated
    ]


def holds(lang: str, case: dict[str, Any]) -> bool:
    values = user_values(lang, case)
    if case.get("absent"):
        return not values
    answers = [a.casefold() for a in case["answer_any"]]
    return any(a in v.casefold() for v in values for a in answers)


def _each(known_miss: bool) -> list[Any]:
    return [
        pytest.param(lang, case, id=f"{lang}-{case['subject']}:{case['user'][:24]}")
        for lang, case in CASES
        if bool(case.get("known_miss")) == known_miss
    ]


def test_every_language_has_cases() -> None:
    assert {lang for lang, _ in CASES} == {"en", "ja", "ko"}
    for _, case in CASES:
        assert case["assistant"].strip() and case["user"].strip() and case["subject"], case
        assert case.get("absent") or case.get("answer_any"), case
        assert not case.get("known_miss") or case.get("why"), case


@pytest.mark.parametrize(("lang", "case"), _each(known_miss=False))
def test_answer(lang: str, case: dict[str, Any]) -> None:
    assert holds(lang, case), user_values(lang, case)


@pytest.mark.parametrize(("lang", "case"), _each(known_miss=True))
def test_known_miss_is_still_a_miss(lang: str, case: dict[str, Any]) -> None:
    assert not holds(lang, case), case["user"]
