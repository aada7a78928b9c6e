"""A synthetic character life, lived through the real engine on a fast clock.

``simulate(days=365, seed=N)`` opens a real store (SQLite, ``":memory:"`` or a file) with a
real embedder and a :class:`~soulmem.clock.ManualClock`, then lives one user's life with a
character day by day:

* **prologue** -- the week before day 0 arrives as imported history (``observe(at=...)``):
  the user adopted a cat and asked the character to remember it, and mentioned the people
  and places the year will keep coming back to. Importing a week of earlier chat is what
  an app does when a user moves in, and it means that what the first memories remember
  happened more than a year before the last monthly M0 check (day 360 with the 30-day
  cadence anchored on day 0);
* **recurring topics** (a cat, a sister in another city, work, a band, marathon training, a
  pottery class) -- most days bring one or two, in varied words; every month on the cat's
  adoption day the user looks back on it; now and then the user asks "do you remember
  ...?" about a topic, and the character answers with what recall brought back (or admits
  it does not know);
* **trivia** -- one-off small talk (meals, buses, weather) that is never brought up again;
* **strong moments** -- every two to four weeks something felt deeply (joy, grief, fear),
  often still felt on the next days in nearly the same words;
* **"remember this"** -- a few explicit requests during the year;
* **rescues** -- every couple of weeks the user looks at the forgetting queue and restores
  the memory that is closest to being purged.

Before each reply the character recalls context for the user's message (a small prompt
budget, so only what is relevant is rehearsed). The engine runs with
``auto_maintain=False`` and the simulation calls ``maintain()`` itself after every turn
and once a day at 03:00, summing every :class:`MaintenanceReport`, so the counts are exact.
Nothing is ever approved from the inbox: no memory may reach M0.

At the end (day ``days``, 03:00, after that day's maintenance) each recurring fact is
probed with a question whose answer word is not in the question; a probe passes when the
answer is in the recall context text.

Everything random comes from ``random.Random(seed)``: a seed gives the same life and, with
a deterministic embedder, the same numbers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soulmem.clock import ManualClock
from soulmem.embed.base import Embedder
from soulmem.errors import InvalidInput
from soulmem.lifecycle.maintain import MaintenanceReport
from soulmem.model import Tier

if TYPE_CHECKING:
    from soulmem.engine import ScopedMemory

__all__ = [
    "LANGUAGES",
    "DayRecord",
    "Life",
    "SimulationResult",
    "Turn",
    "build_life",
    "simulate",
]

START = datetime(2025, 1, 1, 3, 0, tzinfo=UTC)
PROLOGUE_DAYS = 7
#: the character's prompt budget when it recalls before replying (what it rehearses)
CHAT_BUDGET_TOKENS = 800
CHAT_MAX_ITEMS = 8
SCOPE = ("sim-user", "sim-character")
TIERS = ("M30", "M90", "M365", "M0")


# -- the life, as data ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Topic:
    key: str
    statements: tuple[str, ...]
    questions: tuple[str, ...]  # "do you remember ...?" turns
    probe: str  # asked at the end; the answer is not in the question
    answer: str


@dataclass(frozen=True, slots=True)
class Script:
    """Everything one language says."""

    topics: tuple[Topic, ...]
    prologue: tuple[str, ...]  # the first is the "remember this" adoption
    remember: tuple[str, ...]
    strong: tuple[tuple[str, ...], ...]  # a moment, then how it is still felt on the next days
    trivia: Callable[[random.Random], str]
    replies: tuple[str, ...]
    warm_replies: tuple[str, ...]
    remember_reply: str
    anniversary: str  # "{months}": every month on the day the cat was adopted
    answer_reply: str  # "{answer}": the character answers a "do you remember" from recall
    unsure_reply: str


def _pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]


def _trivia_en(rng: random.Random) -> str:
    food = (
        "a bagel",
        "cold noodles",
        "a tuna sandwich",
        "leftover pizza",
        "an omelette",
        "instant ramen",
        "a bowl of cereal",
        "fried rice",
        "a banana",
        "tomato soup",
    )
    meal = ("breakfast", "lunch", "dinner", "a late snack")
    place = (
        "the corner deli",
        "my desk",
        "the bus stop",
        "the park bench",
        "a food truck",
        "the station",
        "the laundromat",
    )
    thing = (
        "a red umbrella",
        "a lost glove",
        "a broken bicycle",
        "a pigeon with one foot",
        "a yellow balloon",
        "a huge puddle",
        "a man walking a tortoise",
        "a new vending machine",
    )
    chore = (
        "cleaned the fridge",
        "sorted my socks",
        "descaled the kettle",
        "paid the gas bill",
        "fixed the wobbly chair",
        "returned a parcel",
        "changed a light bulb",
        "vacuumed under the sofa",
    )
    weather = (
        "drizzled",
        "was foggy",
        "was weirdly windy",
        "hailed for ten minutes",
        "was grey and muggy",
    )
    part = ("morning", "afternoon", "evening")
    show = (
        "deep sea squid",
        "medieval castles",
        "how pencils are made",
        "desert beetles",
        "old trains",
        "volcanoes in Iceland",
    )
    forms = (
        lambda: f"I had {_pick(rng, food)} for {_pick(rng, meal)} at {_pick(rng, place)}.",
        lambda: f"The bus was {rng.randint(4, 25)} minutes late this {_pick(rng, part)}.",
        lambda: f"I saw {_pick(rng, thing)} near {_pick(rng, place)} today.",
        lambda: f"I finally {_pick(rng, chore)}.",
        lambda: f"It {_pick(rng, weather)} all {_pick(rng, part)}.",
        lambda: f"Watched a documentary about {_pick(rng, show)} before bed.",
        lambda: f"Found {rng.randint(2, 9)} coins in an old coat pocket.",
        lambda: f"Someone asked me the way to {_pick(rng, place)} and I had no idea.",
    )
    return forms[rng.randrange(len(forms))]()


def _trivia_ko(rng: random.Random) -> str:
    food = (
        "베이글",
        "냉면",
        "참치 샌드위치",
        "남은 피자",
        "오믈렛",
        "컵라면",
        "시리얼",
        "볶음밥",
        "바나나",
        "토마토 수프",
    )
    meal = ("아침", "점심", "저녁", "야식")
    place = ("편의점", "회사 책상", "버스 정류장", "공원 벤치", "푸드트럭", "지하철역", "빨래방")
    thing = (
        "빨간 우산",
        "잃어버린 장갑",
        "고장 난 자전거",
        "다리가 하나인 비둘기",
        "노란 풍선",
        "커다란 물웅덩이",
        "거북이를 산책시키는 아저씨",
        "새 자판기",
    )
    chore = (
        "냉장고를 청소했어",
        "양말을 정리했어",
        "전기 주전자 물때를 뺐어",
        "가스비를 냈어",
        "흔들리는 의자를 고쳤어",
        "택배를 반품했어",
        "전구를 갈았어",
        "소파 밑을 청소기로 밀었어",
    )
    weather = (
        "이슬비가 내렸어",
        "안개가 꼈어",
        "바람이 이상하게 불었어",
        "우박이 십 분 동안 내렸어",
        "흐리고 후텁지근했어",
    )
    part = ("아침", "오후", "저녁")
    show = (
        "심해 오징어",
        "중세 성",
        "연필 만드는 법",
        "사막 딱정벌레",
        "옛날 기차",
        "아이슬란드 화산",
    )
    forms = (
        lambda: f"{_pick(rng, meal)}으로 {_pick(rng, place)}에서 {_pick(rng, food)} 먹었어.",
        lambda: f"오늘 {_pick(rng, part)} 버스가 {rng.randint(4, 25)}분 늦게 왔어.",
        lambda: f"오늘 {_pick(rng, place)} 근처에서 {_pick(rng, thing)}을 봤어.",
        lambda: f"드디어 {_pick(rng, chore)}.",
        lambda: f"{_pick(rng, part)} 내내 {_pick(rng, weather)}.",
        lambda: f"자기 전에 {_pick(rng, show)}에 관한 다큐를 봤어.",
        lambda: f"옛날 코트 주머니에서 동전 {rng.randint(2, 9)}개를 찾았어.",
        lambda: f"누가 {_pick(rng, place)} 가는 길을 물어봤는데 나도 몰랐어.",
    )
    return forms[rng.randrange(len(forms))]()


def _trivia_ja(rng: random.Random) -> str:
    food = (
        "ベーグル",
        "冷やし中華",
        "ツナサンド",
        "残りもののピザ",
        "オムレツ",
        "カップラーメン",
        "シリアル",
        "チャーハン",
        "バナナ",
        "トマトスープ",
    )
    meal = ("朝ごはん", "昼ごはん", "晩ごはん", "夜食")
    place = (
        "コンビニ",
        "会社の机",
        "バス停",
        "公園のベンチ",
        "キッチンカー",
        "駅",
        "コインランドリー",
    )
    thing = (
        "赤い傘",
        "片方だけの手袋",
        "壊れた自転車",
        "片足のハト",
        "黄色い風船",
        "大きな水たまり",
        "亀を散歩させているおじさん",
        "新しい自販機",
    )
    chore = (
        "冷蔵庫を掃除した",
        "靴下を整理した",
        "電気ケトルの水垢を取った",
        "ガス代を払った",
        "ぐらぐらする椅子を直した",
        "荷物を返品した",
        "電球を替えた",
        "ソファの下に掃除機をかけた",
    )
    weather = (
        "霧雨が降っていた",
        "霧が出ていた",
        "妙に風が強かった",
        "十分間ひょうが降った",
        "どんよりして蒸し暑かった",
    )
    part = ("朝", "午後", "夕方")
    show = (
        "深海のイカ",
        "中世のお城",
        "鉛筆の作り方",
        "砂漠の甲虫",
        "昔の汽車",
        "アイスランドの火山",
    )
    forms = (
        lambda: f"{_pick(rng, meal)}に{_pick(rng, place)}で{_pick(rng, food)}を食べた。",
        lambda: f"今日の{_pick(rng, part)}、バスが{rng.randint(4, 25)}分遅れた。",
        lambda: f"今日{_pick(rng, place)}の近くで{_pick(rng, thing)}を見た。",
        lambda: f"やっと{_pick(rng, chore)}。",
        lambda: f"{_pick(rng, part)}はずっと{_pick(rng, weather)}。",
        lambda: f"寝る前に{_pick(rng, show)}のドキュメンタリーを見た。",
        lambda: f"古いコートのポケットから小銭が{rng.randint(2, 9)}枚出てきた。",
        lambda: f"{_pick(rng, place)}への道を聞かれたけど、分からなかった。",
    )
    return forms[rng.randrange(len(forms))]()


_EN = Script(
    topics=(
        Topic(
            "cat",
            (
                "Mochi knocked a glass off the kitchen counter again this morning.",
                "Mochi fell asleep on my laptop keyboard while I was working.",
                "I bought Mochi a new scratching post and she ignored it completely.",
                "Mochi caught a moth tonight and looked very proud of herself.",
                "Took Mochi to the vet for her vaccines, she hated the carrier.",
                "Mochi has started sleeping at the foot of my bed every night.",
                "Mochi learned to open the cupboard where her treats are.",
                "My cat Mochi sat in the window all afternoon watching birds.",
            ),
            ("Do you remember the day I adopted Mochi?", "What do you remember about Mochi?"),
            "What is my cat called?",
            "Mochi",
        ),
        Topic(
            "sister",
            (
                "Called my sister Hana in Busan tonight, we talked for an hour.",
                "Hana sent me photos of the beach in Busan this morning.",
                "My sister Hana says the weather in Busan is much warmer than here.",
                "Hana is thinking about visiting me from Busan next month.",
                "Hana mailed me a box of fish cakes from Busan.",
                "Hana started a new job at a bookshop in Busan.",
            ),
            ("Do you remember where my sister Hana lives?",),
            "Which city does my sister live in?",
            "Busan",
        ),
        Topic(
            "work",
            (
                "Long night shift at Riverside Hospital, the ward was full.",
                "A patient at Riverside Hospital thanked me with a drawing today.",
                "I trained two new nurses at Riverside Hospital this week.",
                "The Riverside Hospital cafeteria changed its menu again.",
                "My head nurse at Riverside Hospital gave me the weekend off.",
                "Riverside Hospital is short of staff so I covered another shift.",
            ),
            ("Do you remember where I work as a nurse?",),
            "Which hospital do I work at?",
            "Riverside",
        ),
        Topic(
            "band",
            (
                "Band practice with The Lanterns tonight, we finally nailed the bridge.",
                "The Lanterns are writing a new song about the sea.",
                "I restrung my bass before The Lanterns rehearsal.",
                "Our drummer in The Lanterns wants to record an EP this year.",
                "The Lanterns played a small gig at a cafe on Saturday.",
            ),
            ("Do you remember the name of my band?",),
            "What is the name of the band I play bass in?",
            "Lanterns",
        ),
        Topic(
            "running",
            (
                "Ran ten kilometres along the river, training for the Chuncheon marathon.",
                "My knee hurt a bit on the long run, the Chuncheon marathon is getting closer.",
                "New personal best on my tempo run, my Chuncheon marathon plan is working.",
                "Bought new running shoes for the Chuncheon marathon training.",
                "Did hill repeats this morning to get ready for Chuncheon.",
            ),
            ("Do you remember which marathon I am training for?",),
            "Which race am I training for?",
            "Chuncheon",
        ),
        Topic(
            "pottery",
            (
                "Pottery class with Mrs. Okada tonight, my bowl finally came out round.",
                "Mrs. Okada showed us how to glaze pots with wood ash.",
                "My mug cracked in the kiln, Mrs. Okada said it happens to everyone.",
                "Mrs. Okada says my throwing on the wheel is getting much steadier.",
                "I made a small vase in pottery class and Mrs. Okada liked it.",
            ),
            ("Do you remember who teaches my pottery class?",),
            "Who teaches my pottery class?",
            "Okada",
        ),
    ),
    prologue=(
        "Remember this: today I adopted my cat Mochi, a tiny grey kitten from the shelter.",
        "I work as a nurse at Riverside Hospital.",
        "My sister Hana lives in Busan, I miss her.",
        "I play bass in a band called The Lanterns.",
        "I signed up for the Chuncheon marathon in October.",
        "I started a pottery class, the teacher is Mrs. Okada.",
        "Mochi explored every corner of the flat today.",
    ),
    remember=(
        "Please remember that I am allergic to peanuts.",
        "Remember that Hana's birthday is on the 12th of May.",
        "Don't forget: The Lanterns play at the Blue Door club on June 20.",
        "Remember this: my favourite flower is the freesia.",
        "Please remember that my flat's door code is not something to share.",
    ),
    strong=(
        (
            "I got promoted to senior nurse today! I am so happy and proud, I cannot stop smiling.",
            "Still can't believe I'm a senior nurse now, I am so happy and proud!",
            "Everyone congratulated me on the promotion today, I am so happy and proud!",
        ),
        (
            "Mochi got really sick tonight and I am terrified and heartbroken, so scared of "
            "losing her.",
            "Mochi is still sick, she will not eat and I am so scared and sad.",
            "Mochi is still sick today, she barely ate and I am so scared and sad.",
            "Mochi is still sick tonight, she will not eat and I am so scared and sad.",
        ),
        (
            "Hana told me she is pregnant! I am so happy and excited, I cried with joy.",
            "I still can't stop smiling about Hana's baby, I am so happy and excited!",
            "Hana sent me the baby scan today, I am so happy and excited!",
        ),
        (
            "My grandfather passed away this morning. I am devastated and so sad, and angry at "
            "how fast it happened.",
            "I keep crying about grandpa, I miss him so much and I am so sad.",
            "Still crying about grandpa today, I miss him so much, I am so sad.",
            "The funeral was today, I miss grandpa so much and I am so sad.",
        ),
        (
            "I finished the Chuncheon marathon! I am exhausted but so proud and happy.",
            "My legs hurt but I am still so proud and happy about the marathon!",
            "Still so proud and happy that I finished the marathon!",
        ),
        (
            "I had a huge fight with my best friend Jun, I am so angry and hurt.",
            "Jun still won't talk to me, I am so angry and hurt.",
            "Still so angry and hurt about the fight with Jun.",
        ),
        (
            "A patient I cared for for months died today, I am heartbroken and so sad and "
            "scared I failed him.",
            "I still feel so sad and guilty about my patient, I am heartbroken.",
        ),
        (
            "The Lanterns got invited to play at a real festival! I am thrilled, so happy and "
            "excited.",
            "Still so excited about the festival invitation, I am so happy!",
        ),
        (
            "Mochi is healthy again, the vet says she is fine! I am so relieved and happy.",
            "Mochi is playing again, I am so relieved and happy!",
        ),
    ),
    trivia=_trivia_en,
    replies=(
        "Oh, I see.",
        "Thanks for telling me.",
        "Ha, that's so you.",
        "Tell me more!",
        "That sounds like quite a day.",
        "Mm, go on.",
    ),
    warm_replies=(
        "That means a lot. I'm right here with you.",
        "Wow. I'm so glad you told me.",
        "I'm holding that with you.",
    ),
    remember_reply="I'll remember that.",
    anniversary="It's been {months} months since I adopted Mochi, she has grown so much.",
    answer_reply="Of course I remember: {answer}.",
    unsure_reply="Hmm, I'm not sure. Remind me?",
)

_KO = Script(
    topics=(
        Topic(
            "cat",
            (
                "모찌가 오늘 아침에 또 부엌 조리대에서 컵을 떨어뜨렸어.",
                "내가 일하는 동안 모찌가 노트북 키보드 위에서 잠들었어.",
                "모찌한테 새 스크래처를 사줬는데 완전히 무시하더라.",
                "모찌가 오늘 밤에 나방을 잡고 엄청 뿌듯해했어.",
                "모찌 예방접종 맞히러 동물병원 갔는데 이동장을 너무 싫어했어.",
                "모찌가 요즘 매일 밤 내 침대 발치에서 자.",
                "모찌가 간식 들어 있는 찬장 여는 법을 배웠어.",
                "우리 고양이 모찌가 오후 내내 창가에서 새를 구경했어.",
            ),
            ("내가 모찌 입양한 날 기억나?", "모찌에 대해 뭐 기억나?"),
            "내 고양이 이름이 뭐였지?",
            "모찌",
        ),
        Topic(
            "sister",
            (
                "오늘 밤에 부산에 사는 언니 하나랑 한 시간 통화했어.",
                "하나 언니가 아침에 부산 바다 사진을 보내줬어.",
                "하나 언니 말로는 부산은 여기보다 훨씬 따뜻하대.",
                "하나 언니가 다음 달에 부산에서 올라올까 생각 중이래.",
                "하나 언니가 부산에서 어묵 한 상자를 보내줬어.",
            ),
            ("우리 언니 하나가 어디 사는지 기억나?",),
            "우리 언니는 어느 도시에 살아?",
            "부산",
        ),
        Topic(
            "work",
            (
                "리버사이드 병원에서 긴 야간 근무를 했어, 병동이 꽉 찼어.",
                "리버사이드 병원 환자분이 오늘 그림을 그려서 고맙다고 주셨어.",
                "이번 주에 리버사이드 병원 신규 간호사 두 명을 가르쳤어.",
                "리버사이드 병원 구내식당 메뉴가 또 바뀌었어.",
                "리버사이드 병원이 인력이 부족해서 근무를 하나 더 섰어.",
            ),
            ("내가 간호사로 일하는 병원 기억나?",),
            "내가 일하는 병원이 어디야?",
            "리버사이드",
        ),
        Topic(
            "band",
            (
                "오늘 밤 랜턴즈 합주했는데 드디어 브리지를 제대로 쳤어.",
                "랜턴즈가 바다에 관한 새 노래를 쓰고 있어.",
                "랜턴즈 합주 전에 베이스 줄을 새로 갈았어.",
                "랜턴즈 드러머가 올해 EP를 녹음하고 싶대.",
                "토요일에 랜턴즈가 카페에서 작은 공연을 했어.",
            ),
            ("내 밴드 이름 기억나?",),
            "내가 베이스 치는 밴드 이름이 뭐야?",
            "랜턴즈",
        ),
        Topic(
            "running",
            (
                "춘천 마라톤 준비하느라 강변을 따라 10킬로를 뛰었어.",
                "장거리 달리기 하다가 무릎이 좀 아팠어, 춘천 마라톤이 다가오고 있어.",
                "템포런에서 개인 기록을 세웠어, 춘천 마라톤 계획이 잘 되고 있어.",
                "춘천 마라톤 훈련용 새 러닝화를 샀어.",
                "춘천 대비해서 아침에 언덕 반복 훈련을 했어.",
            ),
            ("내가 어떤 마라톤 준비하는지 기억나?",),
            "내가 준비하는 대회가 뭐야?",
            "춘천",
        ),
        Topic(
            "pottery",
            (
                "오늘 밤 오카다 선생님 도예 수업에서 드디어 그릇이 둥글게 나왔어.",
                "오카다 선생님이 재 유약 바르는 법을 보여주셨어.",
                "가마에서 머그컵이 깨졌는데 오카다 선생님이 누구나 그런대.",
                "오카다 선생님이 내 물레 실력이 많이 안정됐대.",
                "도예 수업에서 작은 꽃병을 만들었는데 오카다 선생님이 좋아하셨어.",
            ),
            ("내 도예 선생님이 누군지 기억나?",),
            "내 도예 수업은 누가 가르쳐?",
            "오카다",
        ),
    ),
    prologue=(
        "이거 기억해줘: 오늘 보호소에서 작은 회색 고양이 모찌를 입양했어.",
        "나는 리버사이드 병원에서 간호사로 일해.",
        "우리 언니 하나는 부산에 살아, 보고 싶어.",
        "나는 랜턴즈라는 밴드에서 베이스를 쳐.",
        "10월에 있는 춘천 마라톤에 신청했어.",
        "도예 수업을 시작했어, 선생님은 오카다 선생님이야.",
        "모찌가 오늘 집 안 구석구석을 탐험했어.",
    ),
    remember=(
        "나 땅콩 알레르기 있는 거 기억해줘.",
        "하나 언니 생일이 5월 12일인 거 기억해줘.",
        "잊지 마: 랜턴즈가 6월 20일에 블루도어 클럽에서 공연해.",
        "내가 제일 좋아하는 꽃은 프리지아야, 기억해줘.",
    ),
    strong=(
        (
            "오늘 책임 간호사로 승진했어! 너무 행복하고 자랑스러워, 웃음이 안 멈춰!",
            "아직도 승진한 게 믿기지 않아, 너무 행복하고 자랑스러워!",
        ),
        (
            "모찌가 밤새 아파서 너무 무섭고 슬펐어. 잃을까 봐 겁나.",
            "모찌가 아직도 아파, 밥을 안 먹어서 너무 무섭고 슬퍼.",
            "모찌가 오늘도 아파, 밥을 거의 안 먹어서 너무 무섭고 슬퍼.",
        ),
        ("하나 언니가 임신했대! 너무 기쁘고 설레서 눈물이 났어.",),
        (
            "오늘 아침에 할아버지가 돌아가셨어. 너무 슬프고 허무하고 화가 나.",
            "할아버지 생각에 계속 울고 있어, 너무 보고 싶고 슬퍼.",
            "오늘도 할아버지 생각에 울었어, 너무 보고 싶고 슬퍼.",
        ),
        ("춘천 마라톤 완주했어! 지쳤지만 너무 뿌듯하고 행복해!",),
        (
            "제일 친한 친구 준이랑 크게 싸웠어, 너무 화나고 속상해.",
            "준이 아직도 연락이 없어, 너무 화나고 속상해.",
        ),
        ("몇 달 동안 돌본 환자분이 오늘 돌아가셨어. 너무 슬프고 내가 뭘 잘못했나 무서워.",),
        ("랜턴즈가 진짜 페스티벌에 초대받았어! 너무 신나고 행복해!",),
    ),
    trivia=_trivia_ko,
    replies=("그렇구나.", "말해줘서 고마워.", "ㅋㅋ 너답다.", "더 얘기해줘!", "그런 하루였구나."),
    warm_replies=(
        "말해줘서 정말 고마워. 내가 옆에 있을게.",
        "와, 정말 큰일이다.",
        "그 마음 같이 느낄게.",
    ),
    remember_reply="기억할게.",
    anniversary="모찌 입양한 지 벌써 {months}개월이야, 많이 컸어.",
    answer_reply="당연히 기억하지: {answer}.",
    unsure_reply="음, 잘 모르겠어. 다시 알려줄래?",
)

_JA = Script(
    topics=(
        Topic(
            "cat",
            (
                "今朝もモチが台所のカウンターからコップを落とした。",
                "仕事中にモチがノートパソコンのキーボードの上で寝ちゃった。",
                "モチに新しい爪とぎを買ったのに、完全に無視された。",
                "今夜モチが蛾を捕まえて、すごく得意げだった。",
                "モチを予防接種に連れて行ったら、キャリーを嫌がった。",
                "最近モチが毎晩ベッドの足元で寝るようになった。",
                "モチがおやつの入った戸棚の開け方を覚えた。",
                "うちの猫のモチが午後ずっと窓辺で鳥を見ていた。",
            ),
            ("私がモチを引き取った日のこと覚えてる？", "モチのこと何か覚えてる？"),
            "私の猫の名前は何だっけ？",
            "モチ",
        ),
        Topic(
            "sister",
            (
                "今夜、釜山に住んでる姉のハナと一時間電話した。",
                "ハナが今朝、釜山の海の写真を送ってくれた。",
                "ハナが言うには釜山はここよりずっと暖かいらしい。",
                "ハナが来月釜山から遊びに来ようか考えてるって。",
                "ハナが釜山からかまぼこを一箱送ってくれた。",
            ),
            ("姉のハナがどこに住んでるか覚えてる？",),
            "姉はどの街に住んでる？",
            "釜山",
        ),
        Topic(
            "work",
            (
                "リバーサイド病院で長い夜勤だった、病棟が満床だった。",
                "リバーサイド病院の患者さんが今日、絵を描いてお礼をくれた。",
                "今週リバーサイド病院の新人看護師を二人指導した。",
                "リバーサイド病院の食堂のメニューがまた変わった。",
                "リバーサイド病院は人手不足で、もう一つシフトに入った。",
            ),
            ("私が看護師として働いてる病院、覚えてる？",),
            "私が働いてる病院はどこ？",
            "リバーサイド",
        ),
        Topic(
            "band",
            (
                "今夜ランタンズの練習で、やっとブリッジが決まった。",
                "ランタンズで海についての新曲を書いてる。",
                "ランタンズのリハの前にベースの弦を張り替えた。",
                "ランタンズのドラマーが今年EPを録音したいって。",
                "土曜日にランタンズがカフェで小さなライブをした。",
            ),
            ("私のバンドの名前、覚えてる？",),
            "私がベースを弾いてるバンドの名前は？",
            "ランタンズ",
        ),
        Topic(
            "running",
            (
                "春川マラソンに向けて川沿いを十キロ走った。",
                "ロング走で膝が少し痛かった、春川マラソンが近づいてる。",
                "テンポ走で自己ベストが出た、春川マラソンの計画は順調。",
                "春川マラソンの練習用に新しいランニングシューズを買った。",
                "春川に向けて今朝は坂道ダッシュをした。",
            ),
            ("私がどのマラソンに向けて練習してるか覚えてる？",),
            "私が練習してる大会はどれ？",
            "春川",
        ),
        Topic(
            "pottery",
            (
                "今夜の岡田先生の陶芸教室で、やっとお椀が丸くできた。",
                "岡田先生が灰釉のかけ方を見せてくれた。",
                "窯でマグカップが割れたけど、岡田先生は誰にでもあることだって。",
                "岡田先生にろくろがずいぶん安定してきたと言われた。",
                "陶芸教室で小さな花瓶を作ったら、岡田先生が気に入ってくれた。",
            ),
            ("私の陶芸の先生が誰か覚えてる？",),
            "私の陶芸教室は誰が教えてる？",
            "岡田",
        ),
    ),
    prologue=(
        "覚えておいて：今日、保護施設から小さな灰色の子猫のモチを引き取った。",
        "私はリバーサイド病院で看護師をしている。",
        "姉のハナは釜山に住んでいる、会いたいな。",
        "ランタンズというバンドでベースを弾いている。",
        "十月の春川マラソンに申し込んだ。",
        "陶芸教室を始めた、先生は岡田先生。",
        "モチが今日、部屋の隅々まで探検していた。",
    ),
    remember=(
        "私がピーナッツアレルギーだってこと、覚えておいて。",
        "ハナの誕生日は5月12日だから覚えておいて。",
        "忘れないで：ランタンズは6月20日にブルードアクラブで演奏する。",
        "一番好きな花はフリージアだよ、覚えておいて。",
    ),
    strong=(
        (
            "今日、主任看護師に昇進した！すごく嬉しくて誇らしい、笑顔が止まらない！",
            "まだ昇進が信じられない、すごく嬉しくて誇らしい！",
        ),
        (
            "モチが病気になって、すごく怖くて悲しい。失うのが怖い。",
            "モチがまだ具合が悪い、ごはんを食べなくてすごく怖くて悲しい。",
            "モチが今日もまだ具合が悪い、ごはんをほとんど食べなくてすごく怖くて悲しい。",
        ),
        ("ハナが妊娠したって！すごく嬉しくてわくわくして、泣いちゃった。",),
        (
            "今朝、祖父が亡くなった。とても悲しくて、悔しくて、腹が立つ。",
            "おじいちゃんのことでずっと泣いてる、会いたくてすごく悲しい。",
            "今日もおじいちゃんのことで泣いた、会いたくてすごく悲しい。",
        ),
        ("春川マラソンを完走した！へとへとだけど、すごく誇らしくて幸せ！",),
        (
            "親友のジュンと大げんかした、すごく腹が立つし傷ついた。",
            "ジュンがまだ口をきいてくれない、すごく腹が立つし傷ついた。",
        ),
        ("何か月も看てきた患者さんが今日亡くなった。悲しくて、自分のせいかと怖い。",),
        ("ランタンズが本物のフェスに招待された！すごく嬉しくてわくわくする！",),
    ),
    trivia=_trivia_ja,
    replies=(
        "そうなんだ。",
        "話してくれてありがとう。",
        "あなたらしいね。",
        "もっと聞かせて！",
        "そんな一日だったんだね。",
    ),
    warm_replies=(
        "話してくれて本当にありがとう。そばにいるよ。",
        "わあ、それは大きなことだね。",
        "その気持ち、一緒に抱えるよ。",
    ),
    remember_reply="覚えておくね。",
    anniversary="モチを引き取ってもう{months}か月、大きくなったなあ。",
    answer_reply="もちろん覚えてるよ：{answer}。",
    unsure_reply="うーん、思い出せない。もう一回教えて？",
)

LANGUAGES: dict[str, Script] = {"en": _EN, "ko": _KO, "ja": _JA}


# -- the plan of a life -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    day: int  # negative: the imported prologue
    minute: int  # minutes after midnight
    kind: str  # prologue | topic | question | trivia | strong | remember
    user: str
    assistant: str  # for a question: filled in from what the character recalls
    topic: str | None = None
    answer: str | None = None  # what a question asks for


@dataclass(frozen=True, slots=True)
class Life:
    language: str
    days: int
    turns: tuple[Turn, ...]
    rescue_days: frozenset[int]
    probes: tuple[tuple[str, str, str], ...]  # (topic, question, answer)


def build_life(
    days: int, seed: int, language: str = "en", turns_per_day: tuple[int, int] = (3, 5)
) -> Life:
    """The whole year as a deterministic plan (no engine involved)."""
    if language not in LANGUAGES:
        raise InvalidInput(f"language must be one of {', '.join(LANGUAGES)}, got {language!r}")
    low, high = turns_per_day
    if not 1 <= low <= high:
        raise InvalidInput(f"turns per day must be 1 <= low <= high, got {turns_per_day!r}")
    script = LANGUAGES[language]
    rng = random.Random(seed)
    turns: list[Turn] = []
    for offset, text in enumerate(script.prologue):
        day = -PROLOGUE_DAYS + offset * PROLOGUE_DAYS // len(script.prologue)
        reply = script.remember_reply if offset == 0 else _pick(rng, script.replies)
        turns.append(Turn(day, 19 * 60 + offset, "prologue", text, reply))

    strong_days = _spaced_days(rng, days, 14, 28)
    remember_days = _spaced_days(rng, days, 50, 90)
    strong_pool = list(script.strong)
    remember_pool = list(script.remember)
    rng.shuffle(strong_pool)
    rng.shuffle(remember_pool)
    topic_weights = [6, 3, 4, 3, 3, 2]
    answers = {t.key: t.answer for t in script.topics}
    extra: dict[int, list[tuple[str, str, str, str | None]]] = {}
    for number, day in enumerate(strong_days):
        arc = strong_pool[number % len(strong_pool)]
        for offset, text in enumerate(arc):  # a moment, then the days after it
            if day + offset < days:
                warm = _pick(rng, script.warm_replies)
                extra.setdefault(day + offset, []).append(("strong", text, warm, None))
    for number, day in enumerate(remember_days[: len(remember_pool)]):
        extra.setdefault(day, []).append(
            ("remember", remember_pool[number], script.remember_reply, None)
        )
    adopted = _at(-PROLOGUE_DAYS, 0)
    for day in range(days):
        date = _at(day, 0)
        if date.day == adopted.day:  # the cat's monthly "adoption day"
            months = (date.year - adopted.year) * 12 + date.month - adopted.month
            text = script.anniversary.format(months=months)
            extra.setdefault(day, []).append(("topic", text, _pick(rng, script.replies), "cat"))
    for day in range(days):
        count = rng.randint(low, high)
        plan: list[tuple[str, str, str, str | None]] = list(extra.get(day, []))
        while len(plan) < count:
            roll = rng.random()
            if roll < 0.42:
                topic = rng.choices(script.topics, weights=topic_weights[: len(script.topics)])[0]
                plan.append(
                    ("topic", _pick(rng, topic.statements), _pick(rng, script.replies), topic.key)
                )
            elif roll < 0.5:
                topic = rng.choices(script.topics, weights=topic_weights[: len(script.topics)])[0]
                plan.append(("question", _pick(rng, topic.questions), "", topic.key))
            else:
                plan.append(("trivia", script.trivia(rng), _pick(rng, script.replies), None))
        rng.shuffle(plan)
        minute = 8 * 60 + rng.randint(0, 60)
        for kind, user, assistant, topic_key in plan:
            answer = answers[topic_key] if kind == "question" and topic_key else None
            turns.append(Turn(day, minute, kind, user, assistant, topic_key, answer))
            minute += rng.randint(60, 180)
            minute = min(minute, 23 * 60 + 50)
    rescue_days = frozenset(d for d in range(days) if d % 14 == 10 and rng.random() < 0.8)
    probes = tuple((t.key, t.probe, t.answer) for t in script.topics)
    return Life(language, days, tuple(turns), rescue_days, probes)


def _spaced_days(rng: random.Random, days: int, low: int, high: int) -> list[int]:
    found: list[int] = []
    day = rng.randint(3, low)
    while day < days:
        found.append(day)
        day += rng.randint(low, high)
    return found


# -- running it -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayRecord:
    day: int
    tiers: dict[str, int]
    queued: int
    inbox: int


@dataclass(slots=True)
class SimulationResult:
    summary: dict[str, Any]
    timeline: list[DayRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return self.summary


def simulate(
    days: int = 365,
    seed: int = 0,
    *,
    language: str = "en",
    embedder: Embedder | str = "use",
    db: str | Path = ":memory:",
    turns_per_day: tuple[int, int] = (3, 5),
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Live ``days`` days of a synthetic life through the real engine; see the module doc."""
    from soulmem.embed import embedder_by_name
    from soulmem.engine import Memory

    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise InvalidInput(f"days must be a positive integer, got {days!r}")
    began = time.perf_counter()
    life = build_life(days, seed, language, turns_per_day)
    model = embedder_by_name(embedder) if isinstance(embedder, str) else embedder
    clock = ManualClock(START)
    counts: dict[str, int] = {}
    timeline: list[DayRecord] = []
    stats = dict.fromkeys(
        ("turns", "recalls", "restored", "maintenance_runs", "m0_seen", "asked", "answered"), 0
    )
    script = LANGUAGES[language]

    def add(report: MaintenanceReport) -> None:
        stats["maintenance_runs"] += 1
        for key, value in report.counts.items():
            counts[key] = counts.get(key, 0) + value

    with Memory.open(db, embedder=model, clock=clock, auto_maintain=False) as mem:
        scope = mem.scope(*SCOPE)
        if scope.events(limit=1):
            raise InvalidInput(f"{db} already holds a simulated life: use a new file or :memory:")
        by_day: dict[int, list[Turn]] = {}
        for turn in life.turns:
            by_day.setdefault(max(turn.day, 0), []).append(turn)

        def live(turn: Turn) -> None:
            reply = turn.assistant
            if turn.day >= 0:
                clock.set(_at(turn.day, turn.minute))
                if turn.kind in ("topic", "question", "strong"):
                    context = scope.recall(
                        turn.user, budget_tokens=CHAT_BUDGET_TOKENS, max_items=CHAT_MAX_ITEMS
                    )
                    stats["recalls"] += 1
                    if turn.answer is not None:  # answer from what came back, or admit it
                        stats["asked"] += 1
                        if turn.answer.casefold() in context.text.casefold():
                            stats["answered"] += 1
                            reply = script.answer_reply.format(answer=turn.answer)
                        else:
                            reply = script.unsure_reply
            scope.observe(
                user=turn.user,
                assistant=reply,
                session_id=f"day-{turn.day}",
                at=_at(turn.day, turn.minute) if turn.day < 0 else None,
            )
            stats["turns"] += 1
            add(scope.maintain())

        for day in range(days + 1):
            clock.set(_at(day, 3 * 60))
            add(scope.maintain())
            if day == days:
                break
            if day in life.rescue_days:
                stats["restored"] += _rescue(scope)
            for turn in by_day.get(day, []):
                if turn.day < 0:  # the prologue is imported on the morning of day 0
                    clock.set(_at(0, 8 * 60))
                live(turn)
            record = _record(scope, day)
            stats["m0_seen"] = max(stats["m0_seen"], record.tiers["M0"])
            timeline.append(record)
            if progress is not None:
                progress(day)
        final = _record(scope, days)
        timeline.append(final)
        probes = []
        for key, question, answer in life.probes:
            context = scope.recall(question, rehearse=False)
            probes.append(
                {
                    "topic": key,
                    "question": question,
                    "answer": answer,
                    "found": answer.casefold() in context.text.casefold(),
                }
            )
        approved = {
            str(item.payload.get("memory_id"))
            for item in scope.inbox(status="approved")
            if item.kind == "m0_candidate"
        }
        core = mem.store.memories_in(scope.scope, (Tier.M0,))
        m0_without = sum(1 for m in core if m.id not in approved)
        pending = [i for i in scope.inbox() if i.kind == "m0_candidate"]
        purged = counts.get("purged", 0)
        summary: dict[str, Any] = {
            "days": days,
            "seed": seed,
            "language": language,
            "embedder": model.name,
            "turns": stats["turns"],
            "recalls": stats["recalls"],
            "questions_asked": stats["asked"],
            "questions_answered_from_recall": stats["answered"],
            "maintenance_runs": stats["maintenance_runs"],
            "tiers_final": final.tiers,
            "forgetting_queue_final": final.queued,
            "promotions": counts.get("promotions", 0),
            "distillations": counts.get("distillations", 0),
            "forgotten": counts.get("forgotten", 0),
            "restored": stats["restored"],
            "purged": purged,
            "inbox_m0_candidates": len(pending),
            "m0_candidates_content": [str(i.payload.get("content", ""))[:120] for i in pending],
            "m0_without_approval": max(m0_without, stats["m0_seen"] - len(approved)),
            "recurring_facts_recalled_at_end": round(
                sum(1 for p in probes if p["found"]) / len(probes), 4
            ),
            "probes": probes,
            "maintenance_counts": dict(sorted(counts.items())),
            "elapsed_s": round(time.perf_counter() - began, 2),
        }
    return SimulationResult(summary, timeline)


def _at(day: int, minute: int) -> datetime:
    return START.replace(hour=0) + timedelta(days=day, minutes=minute)


def _record(scope: ScopedMemory, day: int) -> DayRecord:
    tiers = scope.engine.store.tier_counts(scope.scope)
    return DayRecord(
        day=day,
        tiers={t: int(tiers.get(t, 0)) for t in TIERS},
        queued=len(scope.forgetting_queue()),
        inbox=len(scope.inbox()),
    )


def _rescue(scope: ScopedMemory) -> int:
    """The user opens the forgetting queue and restores the memory closest to its purge."""
    queue = scope.forgetting_queue()
    if not queue:
        return 0
    entries = sorted(queue, key=lambda e: (e.purge_at, scope.memory(e.memory_id).content))
    scope.restore(entries[0].memory_id)
    return 1
