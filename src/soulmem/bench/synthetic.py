"""Synthetic multilingual turns (ko/ja/en) and their bulk load into the embedded store.

Used by the latency benchmark to reach 10k-100k memories without 40 ms of ``observe()``
(e5 embedding, surprise filter, maintenance) per turn. Each synthetic turn is written the
way ``observe()`` writes an eventful turn: the event, a reply link to the previous turn, its
episodic memory ("orb"), its lexical tokens and a vector. The vectors are cheap: a pool of
real embeddings of synthetic turns, each reused with Gaussian noise (exact dense search
costs the same whatever the vectors hold). The scope's periodic upkeep (weekly promotion,
daily summaries, ...) is recorded as done at the last loaded turn, as it would have been
along a real history. Deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from soulmem.embed.base import Embedder, normalize_rows
from soulmem.errors import InvalidInput
from soulmem.lifecycle.maintain import PERIODS
from soulmem.model import Event, EventLink, Memory, MemoryType, Scope, Source, Tier, new_id
from soulmem.recall.rank import event_text
from soulmem.recall.tokenize import tokenize
from soulmem.store.base import Store

__all__ = ["SyntheticTurn", "bulk_load", "synthetic_questions", "synthetic_turns"]

START = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
SPACING = timedelta(seconds=20)
"""100k turns span 23 days: inside the 30-day tier, so nothing expires on the first upkeep."""
ORB_TTL = timedelta(days=30)


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.split("|")]


_VOCAB: dict[str, dict[str, list[str]]] = {
    "en": {
        "name": _words("Mina|Jun|Sora|Hana|Leo|Ava|Noah|Emma|Liam|Mia|Ethan|Zoe|Kai|Ren|Yuki"),
        "place": _words(
            "Busan|Osaka|Seoul|Kyoto|the harbour|the old library|the night market|the hill "
            "park|the bakery|the studio|the gym|the river|the station|Jeju|Sapporo|the museum|"
            "the tea house|the bookshop|the beach"
        ),
        "thing": _words(
            "ramen|kimchi stew|sushi|a violin lesson|a marathon|a board game|a new camera|"
            "a sketchbook|tteokbokki|matcha cake|a puppy|a guitar|a train ticket|"
            "a job interview|a concert|a yoga class|a mystery novel"
        ),
        "feeling": _words("happy|tired|nervous|excited|calm|proud|lonely|curious|relieved"),
    },
    "ko": {
        "name": _words(
            "민지|준호|서연|하늘|지우|도윤|수아|예준|하은|시우|지민|유나|태양|다은|현우"
        ),
        "place": _words(
            "부산|오사카|서울|교토|항구|도서관|야시장|공원|빵집|작업실|체육관|강가|역|제주|"
            "삿포로|박물관|찻집|서점|바닷가"
        ),
        "thing": _words(
            "라멘|김치찌개|초밥|바이올린|마라톤|보드게임|카메라|스케치북|떡볶이|말차케이크|"
            "강아지|기타|기차표|면접|콘서트|요가|추리소설"
        ),
        "feeling": _words("행복했어|피곤했어|긴장했어|신났어|편안했어|뿌듯했어|외로웠어|궁금했어"),
    },
    "ja": {
        "name": _words("はると|ゆい|そうた|あおい|れん|ひなた|みお|ゆうと|さくら|こはる|りく|めい"),
        "place": _words(
            "釜山|大阪|ソウル|京都|港|図書館|夜市|公園|パン屋|スタジオ|ジム|川|駅|済州|札幌|"
            "博物館|喫茶店|本屋|海辺"
        ),
        "thing": _words(
            "ラーメン|キムチチゲ|寿司|バイオリン|マラソン|ボードゲーム|カメラ|スケッチブック|"
            "トッポッキ|抹茶ケーキ|子犬|ギター|切符|面接|コンサート|ヨガ|推理小説"
        ),
        "feeling": _words(
            "嬉しかった|疲れた|緊張した|わくわくした|落ち着いた|誇らしかった|寂しかった"
        ),
    },
}
_TEMPLATES = {
    "en": [
        "I went to {place} with {name} and we talked about {thing}; I felt {feeling}.",
        "{name} told me about {thing} at {place}, and honestly I was {feeling}.",
        "Remember {thing}? {name} brought it up again near {place} on day {n}.",
        "Tomorrow I plan to visit {place} for {thing} with {name} around {h} o'clock.",
    ],
    "ko": [
        "{name}랑 {place}에 가서 {thing} 이야기를 했는데 {feeling}.",
        "{name}가 {place}에서 {thing} 얘기를 해줬어. 솔직히 {feeling}.",
        "{thing} 기억나? {name}가 {n}일에 {place} 근처에서 또 꺼냈어.",
        "내일 {h}시쯤 {name}와 {thing} 때문에 {place}에 갈 거야.",
    ],
    "ja": [
        "{name}と{place}に行って{thing}の話をしたけど、{feeling}。",
        "{name}が{place}で{thing}のことを話してくれて、正直{feeling}。",
        "{thing}覚えてる? {name}が{n}日に{place}の近くでまた話してた。",
        "明日{h}時ごろ{name}と{thing}のために{place}へ行くつもり。",
    ],
}
_QUESTIONS = {
    "en": [
        "What did {name} say about {thing}?",
        "When did I go to {place} with {name}?",
        "How did I feel about {thing} at {place}?",
    ],
    "ko": [
        "{name}가 {thing}에 대해 뭐라고 했지?",
        "{name}랑 {place}에 언제 갔었지?",
        "{place}에서 {thing} 때 기분이 어땠어?",
    ],
    "ja": [
        "{name}は{thing}について何て言ってた?",
        "{name}と{place}に行ったのはいつ?",
        "{place}で{thing}のとき、どんな気持ちだった?",
    ],
}
LANGUAGES = ("ko", "ja", "en")


@dataclass(frozen=True, slots=True)
class SyntheticTurn:
    text: str
    language: str
    speaker: str
    at: datetime


def _fill(template: str, language: str, rng: random.Random) -> str:
    vocab = _VOCAB[language]
    return template.format(
        name=rng.choice(vocab["name"]),
        place=rng.choice(vocab["place"]),
        thing=rng.choice(vocab["thing"]),
        feeling=rng.choice(vocab["feeling"]),
        n=rng.randint(1, 31),
        h=rng.randint(1, 12),
    )


def synthetic_turns(n: int, *, seed: int = 0, start: int = 0) -> Iterator[SyntheticTurn]:
    """``n`` turns cycling ko, ja, en (turn ``start`` onward of the seed's sequence)."""
    for i in range(start, start + n):
        rng = random.Random(f"{seed}:{i}")
        language = LANGUAGES[i % len(LANGUAGES)]
        text = _fill(rng.choice(_TEMPLATES[language]), language, rng)
        speaker = "user" if i % 2 == 0 else "friend"
        yield SyntheticTurn(text, language, speaker, START + i * SPACING)


def synthetic_questions(n: int, *, seed: int = 0) -> list[str]:
    """``n`` distinct questions about the synthetic turns; question ``k`` is in
    ``LANGUAGES[k % 3]``."""
    out: dict[str, None] = {}
    i = 0
    while len(out) < n:
        rng = random.Random(f"q{seed}:{i}")
        language = LANGUAGES[len(out) % len(LANGUAGES)]  # question k is in language k % 3
        out[_fill(rng.choice(_QUESTIONS[language]), language, rng)] = None
        i += 1
        if i > 100 * n + 1000:
            raise InvalidInput(f"cannot make {n} distinct synthetic questions")
    return list(out)


def bulk_load(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    turns: Sequence[SyntheticTurn],
    *,
    pool: int = 256,
    noise: float = 0.35,
    batch: int = 2000,
    seed: int = 0,
) -> int:
    """Write ``turns`` into ``scope`` as ``observe()`` writes eventful turns, in batches of
    ``batch`` per transaction; returns the number written.

    Vectors: the first ``pool`` turns are embedded for real; every turn's vector is the
    vector of pool turn ``i % pool`` plus Gaussian noise of norm about ``noise``, rescaled
    to unit length. Needs a store with a bulk vector write (``put_embeddings``: SQLite).
    """
    if pool < 1 or batch < 1:
        raise InvalidInput("pool and batch must be positive")
    previous = store.last_event(scope)
    last_id = previous.id if previous is not None else None
    if not turns:
        return 0
    rng = np.random.default_rng(seed)
    basis = embedder.embed_documents([t.text for t in turns[:pool]])
    model, dim = embedder.name, basis.shape[1]
    written = 0
    for lo in range(0, len(turns), batch):
        chunk = turns[lo : lo + batch]
        rows = basis[np.arange(lo, lo + len(chunk)) % len(basis)]
        jitter = rng.standard_normal((len(chunk), dim)).astype(np.float32)
        jitter *= noise / np.sqrt(dim)
        vectors = normalize_rows(rows + jitter, dim=dim, name=model)
        ids: list[str] = []
        with store.transaction() as tx:
            put_embeddings = getattr(tx, "put_embeddings", None)
            if put_embeddings is None:
                raise InvalidInput("bulk_load needs a store with put_embeddings (SQLite)")
            for turn in chunk:
                event = tx.insert_event(
                    Event(
                        id=new_id("ev"),
                        scope=scope,
                        at=turn.at,
                        created_at=turn.at,
                        session_id=f"s{turn.at.date().isoformat()}",
                        user_text=turn.text,
                        user_name=turn.speaker,
                        language=turn.language,
                    )
                )
                if last_id is not None:
                    tx.insert_link(EventLink(event.id, last_id, "reply_to", 1.0))
                last_id = event.id
                tx.insert_memory(_orb(event))
                tx.index_tokens(scope, "event", event.id, tokenize(event_text(event, None)))
                ids.append(event.id)
            put_embeddings(scope, "event", model, ids, vectors)
            if lo + batch >= len(turns):  # the upkeep a real history would have had
                for duty in PERIODS:
                    tx.set_maintenance(scope, duty, last_run=chunk[-1].at, counter=0)
        written += len(chunk)
    return written


def _orb(event: Event) -> Memory:
    return Memory(
        id=new_id("mem"),
        scope=event.scope,
        content=event.render(with_date=False),
        tier=Tier.M30,
        memory_type=MemoryType.EPISODIC,
        created_at=event.at,
        occurred_at=event.at,
        expires_at=event.at + ORB_TTL,
        importance=0.5,
        source_event_ids=(event.id,),
        source=Source.CONVERSATION,
        language=event.language,
        tier_since=event.at,
    )
