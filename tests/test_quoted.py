"""``quoted_tokens_at_least``: a turn's head bounds what its line costs in a context, tightly
enough that packing leaves unread the turns that cannot fit."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from soulmem.model import Event, Scope, side_text
from soulmem.recall.assemble import PAST_MARKER
from soulmem.recall.items import RecallItem
from soulmem.recall.pack import date_label, render_line
from soulmem.recall.quoted import fold, quote, quoted_tokens_at_least
from soulmem.recall.rank import event_text
from soulmem.recall.tokenize import count_tokens, tokens_at_least
from soulmem.store.base import head_of

#: characters where runs start, end or change class, and what quoting escapes or folds
_EDGES = list(
    'aZz09_ .,:"\\\n\r\t\x00\x1f\x7f\u2028\u00a0\u3000'
    "\u00e9\u0800\u3041\u30a2\u4e00\u9fff\uac00\ud7a3\U0001f600"
)
_TEXT = st.text(alphabet=st.one_of(st.sampled_from(_EDGES), st.characters()), max_size=80)
_WORDS = st.lists(
    st.sampled_from(["information", "a", "wonderful", "漢字", "ひらがな", "안녕하세요", "42", "!"]),
    max_size=12,
).map(" ".join)
_SIDE = st.one_of(st.none(), _TEXT, _WORDS)
_AT = datetime(2024, 5, 8, 10, 0, tzinfo=UTC)


def _line(event: Event, reply_chars: int | None, past: bool, grouped: bool) -> str:
    """The turn's line as packing renders it (``recall/pack.py``)."""
    text = event_text(event, reply_chars)
    if past:
        text = f"{PAST_MARKER} {text}"
    item = RecallItem(
        kind="turn",
        id=event.id,
        text=text,
        score=0.0,
        at=event.at,
        section="memories" if grouped else "recent",
    )
    label = date_label(item)
    return render_line(item, item.text if label is None else item.text[len(label) + 1 :])


@settings(max_examples=400)
@given(
    st.one_of(st.none(), _TEXT),
    st.one_of(st.none(), _TEXT),
    _SIDE,
    _SIDE,
    st.lists(_TEXT, max_size=2),
    st.sampled_from([None, 10]),
    st.booleans(),
    st.booleans(),
)
def test_the_head_bounds_the_turns_line(
    user_name: str | None,
    assistant_name: str | None,
    user_text: str | None,
    assistant_text: str | None,
    images: list[str],
    reply_chars: int | None,
    past: bool,
    grouped: bool,
) -> None:
    """Whatever the names and texts (tabs, quotes, breaks, scripts side by side), shortened
    or not, past-marked or not, under its date or with it: the line costs at least
    ``least``."""
    event = Event(
        id="e1",
        scope=Scope("c", "u"),
        at=_AT,
        created_at=_AT,
        user_text=user_text,
        assistant_text=assistant_text,
        user_name=user_name,
        assistant_name=assistant_name,
        images=tuple(images),
    )
    head = head_of(event, quoted_tokens_at_least)
    if head.said:
        assert head.least <= count_tokens(_line(event, reply_chars, past, grouped)) - 3


@given(_TEXT)
def test_the_bound_is_exact_for_a_line_of_the_piece_alone(piece: str) -> None:
    folded = fold(piece)
    if folded and not folded[0].isspace() and not folded[-1].isspace():
        line = render_line(RecallItem(kind="turn", id="x", text=piece, score=0.0))
        assert quoted_tokens_at_least(piece) == count_tokens(line) - 3  # - " and "
    else:
        assert quoted_tokens_at_least(piece) == tokens_at_least(piece)


def test_english_words_are_bounded_by_their_count_not_their_letters() -> None:
    """tokens_at_least counts a letter a quarter token; a long English word costs a third."""
    side = side_text(
        "Caroline", "Tremendous encouragement, congratulations everybody!", speaker="user"
    )
    assert quoted_tokens_at_least(side) == count_tokens(quote(side)[1:-1]) == 23
    assert tokens_at_least(side) == 16
    # a name or text at the edges with whitespace: the line may strip or escape it
    assert quoted_tokens_at_least("\tBob: hi") == tokens_at_least("\tBob: hi")
    assert quoted_tokens_at_least("Bob: hi \n") == tokens_at_least("Bob: hi \n")
