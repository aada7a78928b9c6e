"""English rule-based fact extraction: free phrasing, split facts, corrections, negation,
third parties and noise. Sentences are invented (not the dev scenario's) unless marked."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from soulmem.perceive.facts import Candidate, FactContext, extract_facts
from soulmem.perceive.facts.en import extract
from soulmem.perceive.subjects import spec

SYNK = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "synk"


def facts(
    text: str,
    current: Mapping[str, tuple[str, ...]] | None = None,
    previous: tuple[str, ...] = ("hello",),
) -> list[Candidate]:
    ctx = FactContext(previous_user_texts=previous, current=dict(current or {}))
    return extract_facts(text, ctx, language="en")


def user_values(text: str, subject: str, **kw: object) -> list[str]:
    found = facts(text, **kw)  # type: ignore[arg-type]
    return [c.value for c in found if c.subject == subject and c.about == "user" and not c.negated]


def has(text: str, subject: str, *needles: str) -> bool:
    values = user_values(text, subject)
    return any(all(n.casefold() in v.casefold() for n in needles) for v in values)


# (message, subject, substrings the user value must contain): 3+ phrasings per subject
POSITIVE = [
    # name
    ("Hey there, my name's Maya Okafor.", "name", ["Maya Okafor"]),
    ("Hello! I'm Sam, nice to meet you.", "name", ["Sam"]),
    ("Hi, I'm Lee — Lee Chen, officially.", "name", ["Lee Chen"]),
    ("Name's Rafael, by the way.", "name", ["Rafael"]),
    # nickname
    ("Call me Ziggy, everyone does.", "nickname", ["Ziggy"]),
    ("I go by Bea these days.", "nickname", ["Bea"]),
    ("My friends call me Moose.", "nickname", ["Moose"]),
    # age
    ("I'm 31, if that matters.", "age", ["31 years"]),
    ("I just turned thirty yesterday.", "age", ["30 years", "turned 30"]),
    ("I'm a 42-year-old dad of three.", "age", ["42 years"]),
    ("Thirty-three years young and still can't cook.", "age", ["33 years", "thirty-three"]),
    ("I'm nineteen, so go easy on me.", "age", ["19 years"]),
    # birthday
    ("My birthday's on March 3rd.", "birthday", ["March 3"]),
    (
        "I was born on Christmas Day, so presents get combined.",
        "birthday",
        ["December 25", "Christmas"],
    ),
    ("I'm a Halloween baby.", "birthday", ["October 31", "Halloween"]),
    ("Born on the 12th of October, 1995.", "birthday", ["October 12"]),
    ("I'm a New Year's Day baby, party every year.", "birthday", ["January 1", "New Year"]),
    # height
    ("I'm 5'4\" so top shelves are my enemy.", "height", ["5'4", "163 cm"]),
    ("I'm five-ten in socks.", "height", ["5'10", "five-ten", "178 cm"]),
    ("Standing at 170 cm, I'm average.", "height", ["170 cm"]),
    ("Being six foot two makes airplanes miserable.", "height", ["6'2", "188 cm"]),
    # blood type
    ("My blood type is O negative.", "blood_type", ["O-", "O negative"]),
    ("I'm AB+ by the way.", "blood_type", ["AB+"]),
    ("Type A blood, if you need a donor.", "blood_type", ["A"]),
    # mbti
    ("Total INTJ here, I plan everything.", "mbti", ["INTJ"]),
    ("My friends say I'm the most ISFP person alive.", "mbti", ["ISFP"]),
    ("I tested as ESTJ-A, which tracks.", "mbti", ["ESTJ"]),
    # zodiac
    ("I'm a Scorpio, obviously.", "zodiac", ["Scorpio"]),
    ("My sign is libra.", "zodiac", ["Libra"]),
    ("I'm such a Gemini it hurts.", "zodiac", ["Gemini"]),
    # handedness
    ("I'm left-handed, so scissors hate me.", "handedness", ["left-handed"]),
    ("I'm a lefty, smudged notebooks forever.", "handedness", ["left-handed"]),
    ("I write with my right hand but throw with my left.", "handedness", ["right-handed"]),
    # hometown
    ("I'm originally from Lagos, Nigeria, but I've lived all over.", "hometown", ["Lagos"]),
    ("Born and raised in Glasgow.", "hometown", ["Glasgow"]),
    ("I grew up on a farm in Iowa.", "hometown", ["farm in Iowa"]),
    ("It reminds me of the beaches near Perth, where I grew up.", "hometown", ["Perth"]),
    # current residence
    ("I live in Portland now.", "current_residence", ["Portland"]),
    ("Just moved to Austin for work.", "current_residence", ["Austin"]),
    ("I rent a cramped studio in Brooklyn.", "current_residence", ["Brooklyn", "studio"]),
    ("These days I've got a little flat in Leeds.", "current_residence", ["Leeds"]),
    # job
    ("I work as a freelance illustrator.", "job", ["illustrator"]),
    ("I'm a software engineer at a startup.", "job", ["software engineer"]),
    ("I teach third grade at Lincoln Elementary.", "job", ["third grade teacher"]),
    ("For the record, I'm a night-shift nurse.", "job", ["nurse"]),
    ("I'm retired, finally.", "job", ["retired"]),
    # workplace
    ("I work at Google.", "workplace", ["Google"]),
    ("I'm a nurse at St. Mary's.", "workplace", ["St. Mary's"]),
    ("I've been working for the city library for years.", "workplace", ["city library"]),
    # school / major
    ("I'm a junior at Ohio State, majoring in biology.", "school", ["Ohio State"]),
    ("I study architecture at RMIT.", "school", ["RMIT"]),
    ("I'm in med school, which explains the eye bags.", "school", ["med school"]),
    ("I study architecture at RMIT.", "major", ["architecture"]),
    ("My major is economics.", "major", ["economics"]),
    ("I'm an art history major, don't laugh.", "major", ["art history"]),
    # family
    ("I have two older brothers.", "family", ["two older brothers"]),
    ("My mom Linda raised us alone.", "family", ["mom Linda"]),
    ("I'm an only child.", "family", ["only child"]),
    ("My twin brother Theo is the responsible one.", "family", ["twin brother Theo"]),
    # pet
    ("My cat Mochi sleeps on my keyboard.", "pet", ["cat", "Mochi"]),
    ("I have a bearded dragon named Spike.", "pet", ["bearded dragon", "Spike"]),
    ("I'm a dog mom, basically.", "pet", ["dog"]),
    ("Sorry, my puppy is chewing my charger.", "pet", ["puppy"]),
    # allergy
    ("I'm deathly allergic to shellfish.", "allergy", ["shellfish"]),
    ("I have a bad penicillin allergy.", "allergy", ["penicillin"]),
    ("Bees could kill me, seriously.", "allergy", ["bees"]),
    ("Careful, sesame could literally kill me.", "allergy", ["sesame"]),
    # phobia
    ("I'm terrified of spiders.", "phobia", ["spiders"]),
    ("Heights freak me out.", "phobia", ["heights"]),
    ("I'm claustrophobic, so no elevators.", "phobia", ["enclosed spaces"]),
    ("Whenever I see blood, I faint.", "phobia", ["blood"]),
    # health
    ("I have asthma.", "health", ["asthma"]),
    ("I'm diabetic, so I carry snacks.", "health", ["diabetic"]),
    ("I wear glasses, I'm blind without them.", "health", ["glasses"]),
    # diet
    ("I'm vegetarian since 2015.", "diet", ["vegetarian"]),
    ("I don't eat pork.", "diet", ["pork"]),
    ("I'm strict vegan, no exceptions.", "diet", ["vegan"]),
    # language
    ("I speak Spanish and Portuguese.", "language", ["Portuguese"]),
    ("Tagalog is my first language.", "language", ["Tagalog"]),
    ("I'm learning Japanese on Duolingo.", "language", ["Japanese"]),
    # religion
    ("I'm Catholic but not very strict.", "religion", ["Catholic"]),
    ("I'm atheist, for what it's worth.", "religion", ["atheist"]),
    ("I'm a practicing Muslim.", "religion", ["Muslim"]),
    # favorite food
    ("My favorite food is lasagna, hands down.", "favorite_food", ["lasagna"]),
    ("Sushi is my all-time favorite food.", "favorite_food", ["sushi"]),
    ("I could eat tacos every single day.", "favorite_food", ["tacos"]),
    ("My go-to comfort food is mac and cheese.", "favorite_food", ["mac and cheese"]),
    (
        "After a bad day I always end up at this little pho place downtown.",
        "favorite_food",
        ["pho"],
    ),
    # favorite drink
    ("Honestly, I live on cold brew.", "favorite_drink", ["cold brew"]),
    ("I'm obsessed with bubble tea.", "favorite_drink", ["bubble tea"]),
    ("I'm basically fueled by Diet Coke.", "favorite_drink", ["Diet Coke"]),
    # favorite color
    ("My favorite color is teal.", "favorite_color", ["teal"]),
    ("Everything I own is forest green.", "favorite_color", ["forest green"]),
    ("Most of my wardrobe is lavender, it's a problem.", "favorite_color", ["lavender"]),
    # favorite season
    ("I'm a summer person.", "favorite_season", ["summer"]),
    ("Fall is my season, no contest.", "favorite_season", ["fall"]),
    ("I love autumn.", "favorite_season", ["autumn"]),
    # music
    ("I mostly listen to jazz.", "favorite_music", ["jazz"]),
    ("K-pop has become my entire personality.", "favorite_music", ["k-pop"]),
    ("I cleaned the whole flat with punk rock blasting.", "favorite_music", ["punk rock"]),
    # artist
    ("My favorite band is Radiohead.", "favorite_artist", ["Radiohead"]),
    ("I listen to Taylor Swift on repeat.", "favorite_artist", ["Taylor Swift"]),
    ("Hozier is my favorite singer.", "favorite_artist", ["Hozier"]),
    # movie
    ("I've seen The Princess Bride like fifty times.", "favorite_movie", ["The Princess Bride"]),
    ("I know every line of Mean Girls.", "favorite_movie", ["Mean Girls"]),
    ("My favorite movie is Spirited Away.", "favorite_movie", ["Spirited Away"]),
    ("I can quote Jurassic Park word for word.", "favorite_movie", ["Jurassic Park"]),
    # book / genre
    ("My favorite book is Dune.", "favorite_book", ["Dune"]),
    ("I mostly read mysteries — cozy ones with cats.", "book_genre", ["mysteries"]),
    ("I'm a huge sci-fi reader.", "book_genre", ["sci-fi"]),
    ("Before bed I read historical fiction.", "book_genre", ["historical fiction"]),
    # sport
    ("I play volleyball every Thursday.", "sport", ["volleyball"]),
    ("I'm on a rec soccer team.", "sport", ["soccer"]),
    ("Bouldering has become my whole personality.", "sport", ["bouldering"]),
    ("I do yoga every morning.", "sport", ["yoga"]),
    # hobby
    ("In my spare time I do pottery.", "hobby", ["pottery"]),
    ("I knit when I'm anxious.", "hobby", ["knitting"]),
    ("My hobby is birdwatching.", "hobby", ["birdwatching"]),
    ("I play the cello.", "hobby", ["cello"]),
    # likes / dislikes
    ("I'm really into Dungeons and Dragons lately.", "hobby", ["dungeons and dragons"]),
    ("I'm obsessed with true crime podcasts.", "likes", ["true crime podcasts"]),
    ("I hate olives.", "disliked", ["olives"]),
    ("Mushrooms are disgusting.", "disliked", ["mushrooms"]),
    ("Please, no onions. They taste like dirt to me.", "disliked", ["onions"]),
    ("I can't stand mayonnaise.", "disliked", ["mayonnaise"]),
    # relationships
    ("I'm single.", "relationship_status", ["single"]),
    ("I'm married to Chris, ten years now.", "relationship_status", ["married", "Chris"]),
    ("I got engaged to Marcus!", "relationship_status", ["engaged", "Marcus"]),
    ("I've been seeing Ravi from work, it's new.", "relationship_status", ["dating Ravi"]),
    ("My wife Elena says hi.", "spouse", ["Elena"]),
    ("My girlfriend Jess is visiting.", "partner", ["Jess"]),
    ("My best friend Tomás would love this.", "best_friend", ["Tomás"]),
    ("Kenji and I have been best friends since kindergarten.", "best_friend", ["Kenji"]),
    ("Zoe is my best friend, we met in a dorm.", "best_friend", ["Zoe"]),
    ("My roommate Lila keeps stealing my snacks.", "friend", ["Lila"]),
    # situation
    ("I have a job interview on Friday.", "upcoming_event", ["job interview", "Friday"]),
    ("I've got my driving test tomorrow.", "upcoming_exam", ["driving test"]),
    ("My midterms are next week.", "upcoming_exam", ["midterms", "next week"]),
    ("I'm studying for the bar exam.", "upcoming_exam", ["bar exam"]),
    ("I'm taking the MCAT in June.", "upcoming_exam", ["MCAT"]),
    ("My goal is to run a marathon before I'm 40.", "goal", ["run a marathon"]),
    ("I'm writing a fantasy novel.", "current_project", ["fantasy novel"]),
    ("I work part-time at a bookstore.", "part_time_job", ["bookstore"]),
    ("I just started a new part-time job at Target.", "part_time_job", ["Target"]),
]


@pytest.mark.parametrize(("text", "subject", "needles"), POSITIVE)
def test_phrasings(text: str, subject: str, needles: list[str]) -> None:
    got = user_values(text, subject)
    assert any(all(n.casefold() in v.casefold() for n in needles) for v in got), (
        text,
        subject,
        facts(text),
    )


# held-out-style sentences: another user, other places and phrasings
HELD_OUT = [
    ("Yo! I'm Dmitri. Dmitri Volkov if you need it for the manifest.", "name", "Dmitri Volkov"),
    ("Forty-one years on this earth and I still can't parallel park.", "age", "41 years"),
    ("I'm a Valentine's Day baby, which is as awkward as it sounds.", "birthday", "February 14"),
    ("Being five-two means I live on tiptoes.", "height", "157 cm"),
    ("I spent my childhood in Ulaanbaatar, so cold doesn't scare me.", "hometown", "Ulaanbaatar"),
    (
        "I've got a drafty old house in Halifax with a very loud radiator.",
        "current_residence",
        "Halifax",
    ),
    ("I teach middle school math, pray for me.", "job", "middle school math teacher"),
    ("Tree nuts could literally kill me, so no pesto.", "allergy", "tree nuts"),
    ("If I see a snake, I scream. Every time.", "phobia", "snake"),
    ("Lavender is my whole personality at this point.", "favorite_color", "lavender"),
    ("I'm a spring person, all those flowers.", "favorite_season", "spring"),
    (
        "Curling has become my entire personality. Thursday night league, every week.",
        "sport",
        "Thursday night league",
    ),
    ("I can recite The Godfather start to finish.", "favorite_movie", "The Godfather"),
    (
        "At night I read space opera — fleets, empires, the longer the better.",
        "book_genre",
        "space opera",
    ),
    ("Keep the coriander away from me, it tastes like soap.", "disliked", "coriander"),
    ("I'm basically powered by yerba mate.", "favorite_drink", "yerba mate"),
    ("My older sister Ines and I share a flat with our grandma.", "family", "older sister Ines"),
]


@pytest.mark.parametrize(("text", "subject", "needle"), HELD_OUT)
def test_held_out_style(text: str, subject: str, needle: str) -> None:
    got = user_values(text, subject)
    assert any(needle.casefold() in v.casefold() for v in got), (text, facts(text))


def test_several_facts_in_one_message() -> None:
    text = (
        "Quick intro: I'm Ada, 28, I grew up in Cork and now I live in Berlin. "
        "I work as a sound engineer and I'm allergic to cats."
    )
    found = {c.subject: c.value for c in facts(text, previous=()) if c.about == "user"}
    assert found["name"] == "Ada"
    assert found["age"].startswith("28 years")
    assert found["hometown"] == "Cork"
    assert found["current_residence"] == "Berlin"
    assert "sound engineer" in found["job"]
    assert "cats" in found["allergy"]


def test_value_formats() -> None:
    assert user_values("I turned 26 last week!", "age") == ["26 years old (turned 26 last week)"]
    assert user_values("I'm a Fourth of July baby.", "birthday") == ["July 4 (Fourth of July)"]
    assert user_values("Being six-one is a curse.", "height") == ["6'1\" (six-one, about 185 cm)"]
    assert user_values("I was born on the 4th of July.", "birthday") == ["July 4 (Fourth of July)"]


# ---------------------------------------------------------------- split facts


def test_pet_split_over_turns() -> None:
    first = facts("Can't stay long, my cat gets clingy at night.")
    assert [c.value for c in first if c.subject == "pet"] == ["cat"]
    later = facts(
        "Oh, that clingy cat? That's Pumpkin. She's a maine coon.",
        current={"pet": ("cat",)},
        previous=("Can't stay long, my cat gets clingy at night.",),
    )
    pet = [c for c in later if c.subject == "pet"]
    assert len(pet) == 1 and pet[0].mode == "refine"
    assert "Pumpkin" in pet[0].value and "maine coon" in pet[0].value
    assert not [c for c in later if c.subject == "name"]


def test_pet_name_by_pronoun() -> None:
    got = facts(
        "Ha, his name is Captain Biscuit. He's a beagle.",
        current={"pet": ("dog",)},
        previous=("My dog keeps stealing socks.",),
    )
    pet = [c for c in got if c.subject == "pet"]
    assert pet and pet[0].mode == "refine" and "beagle" in pet[0].value


def test_exam_split_over_turns() -> None:
    first = facts("Also I have a huge test on Monday, so wish me luck.")
    assert any(c.subject == "upcoming_exam" and "Monday" in c.value for c in first)
    later = facts(
        "About that test — it's the LSAT, the real one this time.",
        current={"upcoming_exam": ("huge test on Monday",)},
    )
    exam = [c for c in later if c.subject == "upcoming_exam"]
    assert exam and exam[0].mode == "refine"
    assert "LSAT" in exam[0].value and "Monday" in exam[0].value


# ---------------------------------------------------------------- corrections


def test_corrections_are_new_values() -> None:
    assert has("I turned 31 on Sunday, feeling old.", "age", "31 years", "turned 31")
    moved = facts("Big news: I moved to Lisbon!", current={"current_residence": ("Oslo",)})
    res = [c.value for c in moved if c.subject == "current_residence"]
    assert res == ["Lisbon (moved from Oslo)"]
    got = facts("I'm not single anymore! I've been seeing Omar from my climbing gym.")
    status = [c.value for c in got if c.subject == "relationship_status"]
    assert status and status[0].startswith("dating Omar")
    assert all("single" not in v for v in status)


def test_job_change_and_quit() -> None:
    got = facts(
        "I quit my job at the café, now I work at a bakery.",
        current={"workplace": ("café",)},
    )
    work = [c for c in got if c.subject == "workplace"]
    assert work and "bakery" in work[0].value and work[0].mode == "set"
    ended = facts(
        "I quit the pizza place job last week.", current={"part_time_job": ("pizza place",)}
    )
    assert [(c.subject, c.mode) for c in ended] == [("part_time_job", "end")]


def test_stopped_liking() -> None:
    got = facts("I don't drink coffee anymore.", current={"favorite_drink": ("coffee",)})
    assert [(c.subject, c.mode) for c in got] == [("favorite_drink", "end")]
    denied = facts("I don't drink soda anymore.")
    assert all(c.negated or c.mode == "end" for c in denied)


# ---------------------------------------------------------------- negation, others, noise


@pytest.mark.parametrize(
    "text",
    [
        "I don't have any pets.",
        "I'm not allergic to anything.",
        "I've never been to Paris.",
        "I'm not a vegetarian.",
        "I'm not married.",
        "im not allergic to anything",
        "i dont have any pets",
        "not majoring in math anymore",
        "I don't have asthma.",
    ],
)
def test_negation_is_never_positive(text: str) -> None:
    for c in facts(text):
        assert c.negated or c.about != "user", c


@pytest.mark.parametrize(
    "text",
    [
        "What's your favorite food?",
        "Where did you grow up?",
        "When's my birthday?",
        "How tall am I? And what am I allergic to?",
        "If I were rich I'd live in Paris.",
        "I'd kill for a bowl of noodles right now.",
        "You're so tall, Captain!",
        "The captain grew up on Mars.",
        "I love this ship.",
        "I love you guys.",
        "I'm so tired.",
        "I hate when that happens.",
        "I'm a huge fan of your work.",
        "Does the cook have a dog?",
        "Can I see the engine room?",
        "Nice to meet you, Rook.",
        "She grew up on a space station, apparently.",
        "you're 41, right?",
        "is your birthday 11/14?",
        "do you think im old, lol?",
        "Play tennis with me!",
        "Love you!",
        "Went to Paris last summer.",
        "Been there, done that.",
        "Majoring in something useless was a mistake.",
        "Paris is the best city for food.",
    ],
)
def test_noise_gives_no_user_fact(text: str) -> None:
    assert [c for c in facts(text) if c.about == "user" and not c.negated] == []


def test_third_parties_are_other() -> None:
    for text, subject in [
        ("My sister loves sushi.", "favorite_food"),
        ("Devon's birthday is in May.", "birthday"),
        ("Rook is allergic to cats.", "allergy"),
        ("My mom grew up in Manila.", "hometown"),
        ("My dad is a firefighter.", "job"),
    ]:
        got = [c for c in facts(text) if c.subject == subject]
        assert got and all(c.about == "other" for c in got), (text, got)


def test_remention_confirms_the_stored_value() -> None:
    # a repeat says nothing new: it gives the value as stored, which the resolver confirms
    current = {"allergy": ("peanuts (could kill me)",), "hometown": ("Tucson",)}
    for text in (
        "Is there peanut butter in this? Peanuts could kill me.",
        "It looks like the desert outside Tucson, where I grew up.",
    ):
        for c in facts(text, current=current):
            assert c.value in current.get(c.subject, ()), (text, c)


def test_contract_fields() -> None:
    for c in facts("Hi, I'm Noa. I'm 24 and I live in Haifa with my dog Pita."):
        assert c.value and c.evidence
        assert c.about in ("user", "other", "assistant")
        assert c.mode in ("set", "refine", "end")
        assert 0.0 < c.confidence <= 1.0


def test_empty_and_direct_call() -> None:
    assert extract("", FactContext()) == []
    assert extract("   ", FactContext()) == []
    assert extract("ok", FactContext()) == []


# ---------------------------------------------------------------- the dev scenario


def _simulate(turns: list[str]) -> dict[str, list[str]]:
    current: dict[str, list[str]] = {}
    prev: list[str] = []
    for text in turns:
        ctx = FactContext(
            previous_user_texts=tuple(prev[-4:]),
            current={k: tuple(v) for k, v in current.items()},
        )
        for c in extract_facts(text, ctx, language="en"):
            if c.about != "user":
                continue
            vals = current.setdefault(c.subject, [])
            if c.mode == "end":
                vals.clear()
                continue
            if c.negated:
                continue
            if spec(c.subject).single or c.mode == "refine":
                if c.mode == "refine" and not spec(c.subject).single and vals:
                    vals[-1] = c.value
                else:
                    vals[:] = [c.value]
            elif c.value not in vals:
                vals.append(c.value)
        prev.append(text)
    return current


@pytest.mark.skipif(not (SYNK / "synk_en_dev.json").exists(), reason="dataset not present")
def test_dev_scenario_recall() -> None:
    data = json.loads((SYNK / "synk_en_dev.json").read_text(encoding="utf-8"))
    current = _simulate([t["user"] for t in data["turns"]])
    right = 0
    for f in data["facts"]:
        vals = [v.casefold() for v in current.get(f["subject"], [])]
        hit = any(a.casefold() in v for v in vals for a in f["answer_any"])
        stale = any(s.casefold() in v for v in vals for s in f.get("stale_any", []))
        right += hit and not stale
    assert right >= 24


# indirect phrasings (cue word + known class or capitalised span): 2+ invented ones per family
INDIRECT = [
    (
        "Morning all! Soaked again. I'm Tomasz Wren, by the way, it rhymes with hen.",
        "name",
        "Tomasz Wren",
    ),
    ("Afternoon! Long day. I'm Priyanka Dube and I need a seat.", "name", "Priyanka Dube"),
    ("Leap year baby, so technically I'm about nine.", "birthday", "February 29"),
    ("Halloween baby, hence the obsession with pumpkins.", "birthday", "October 31"),
    ("Southpaw life — every pair of scissors is my enemy.", "handedness", "left-handed"),
    ("Typical lefty, ink all over the side of my hand.", "handedness", "left-handed"),
    ("I'm a Cork boy, we don't mind a bit of weather.", "hometown", "Cork"),
    ("I'm a proper Brooklyn native, so this noise is nothing.", "hometown", "Brooklyn"),
    ("Home these days is a tiny studio in Leith above a bakery.", "current_residence", "Leith"),
    (
        "Home's a narrowboat moored near Hebden Bridge, believe it or not.",
        "current_residence",
        "Hebden Bridge",
    ),
    ("Ten hours a shift I'm a paramedic at a busy hospital downtown.", "job", "paramedic"),
    ("Most days I'm a barista at a little cafe by the station.", "job", "barista"),
    ("Youngest of four kids, so I'm used to shouting to be heard.", "family", "youngest of four"),
    ("I was the eldest of three, so I basically raised my brothers.", "family", "eldest of three"),
    ("There's a grumpy old tortoise at home who hates the hoover.", "pet", "tortoise"),
    ("I've got a cockatiel waiting for me at home, he'll be screeching.", "pet", "cockatiel"),
    ("A single walnut and my lips swell up like balloons.", "allergy", "walnut"),
    ("Sesame anywhere near me and I come out in hives.", "allergy", "sesame"),
    ("Pigeons are my worst nightmare, all that flapping.", "phobia", "pigeons"),
    ("Honestly, wasps are my absolute kryptonite.", "phobia", "wasps"),
    (
        "I lived in Osaka for two years and picked up Japanese along the way.",
        "language",
        "Japanese",
    ),
    ("My Italian is rusty but I can still order wine.", "language", "Italian"),
    ("Nothing beats my gran's lamb stew on a cold night.", "favorite_food", "lamb"),
    (
        "Flat white, extra hot — it's the only thing that gets me through a Monday.",
        "favorite_drink",
        "flat white",
    ),
    ("Spring is when I'm at my happiest, all that blossom.", "favorite_season", "spring"),
    ("Put on some jazz and I'd never leave this place.", "favorite_music", "jazz"),
    ("Everything I own ends up forest green, even my toothbrush.", "favorite_color", "green"),
    ("Half my wardrobe is dusty pink at this point.", "favorite_color", "pink"),
    ("Water polo — I play goalie for a Thursday league team.", "sport", "water polo"),
    ("On Saturday mornings I do a watercolour class at the library.", "hobby", "watercolour"),
    (
        "They're showing Cinema Paradiso upstairs. I've seen that movie about fifty times.",
        "favorite_movie",
        "Cinema Paradiso",
    ),
    ("My nightstand is a stack of true crime paperbacks.", "book_genre", "true crime"),
    (
        "I finally got divorced last spring, so I'm relearning how to be me.",
        "relationship_status",
        "divorced",
    ),
    ("My divorce came through in June. Fresh start.", "relationship_status", "divorce"),
]


@pytest.mark.parametrize(("text", "subject", "needle"), INDIRECT)
def test_indirect_phrasings(text: str, subject: str, needle: str) -> None:
    got = user_values(text, subject)
    assert any(needle.casefold() in v.casefold() for v in got), (text, facts(text))


def test_name_in_opening_message_not_first_sentence() -> None:
    text = "Oof, what a storm. Sorry about the puddle. I'm Ingrid Solberg."
    assert user_values(text, "name", previous=()) == ["Ingrid Solberg"]


def test_referent_in_question_sentence() -> None:
    text = "Have you got chai? Spicy, milky — it's the only thing that wakes me up."
    assert any("chai" in v for v in user_values(text, "favorite_drink"))


def test_best_friend_by_description() -> None:
    for text, name in [
        ("Marisol would love this bar. She's been my ride or die since year seven.", "Marisol"),
        ("Kwame would lose it in here. He's been my partner in crime since we were six.", "Kwame"),
    ]:
        assert any(name in v for v in user_values(text, "best_friend")), facts(text)


def test_exam_without_the_word_then_named() -> None:
    first = "Next Friday I'm sitting the one I flunked last spring."
    got = user_values(first, "upcoming_exam")
    assert got and "next friday" in got[0].casefold()
    later = facts(
        "About Friday — it's the bar exam, the second attempt.",
        current={"upcoming_exam": tuple(got)},
    )
    assert any(c.subject == "upcoming_exam" and "bar exam" in c.value for c in later), later


def test_pet_refined_by_class_word_and_titled_name() -> None:
    cur = {"pet": ("gecko",)}
    got = facts("The lizard? Her name's Lady Pebbles.", current=cur)
    assert any(
        c.subject == "pet" and "Lady Pebbles" in c.value and c.mode == "refine" for c in got
    ), got


def test_move_correction_drops_old_place() -> None:
    text = "We moved last weekend. I'm in Southside now, finally out of Morningside."
    got = user_values(text, "current_residence")
    assert got and "Southside" in got[0] and "Morningside" not in got[0]


@pytest.mark.parametrize(
    "text",
    [
        "My brother is a Cork boy through and through.",
        "She's terrified of moths. Moths are her nightmare.",
        "My sister is a physio at a sports clinic.",
        "He's been my neighbour since March.",
        "Is there a bearded dragon at home?",
        "Nothing beats the view from up here.",
        "My dad signed his divorce papers in March.",
        "Roller derby is on the telly tonight.",
        "The captain's sister is a lefty.",
        # someone else's facts next to a first-person word or a dropped "I"
        "As a woman, my sister gets talked over all the time.",
        "My son stays home a lot because of asthma, I'm worried.",
        "My mom's diabetes is getting worse.",
        "Typical capricorn move from my ex.",
        "My dad's coworker Derek from work is nice.",
        "His wife's name is Ana.",
        "Everyone called him Noodle.",
        "He went vegan last year.",
        "My sister has a peanut allergy.",
        "My brother drives trucks for a living.",
        "I'm a Cancer survivor.",
        "My sister is a nurse. Got married last year.",
        "Jake is my neighbour. Just turned 40.",
    ],
)
def test_indirect_cues_stay_quiet_on_noise(text: str) -> None:
    # "my brother" does say the user has a brother; nothing else is about the user
    found = [c for c in facts(text) if c.about == "user" and not c.negated]
    assert [c for c in found if c.subject != "family"] == [], found


# Captures that missed their object, seen in long real chats: none may become a fact.
NOT_VALUES = [
    "Being my own boss and doing something I love is awesome.",
    "I've been busy doing the petition I started - it's tricky but it's been cool.",
    "Connecting with the things I love makes writing even more fun.",
    "Same here! So have you been up to anything recently?",
]


@pytest.mark.parametrize("text", NOT_VALUES)
def test_clauses_and_function_words_are_not_values(text: str) -> None:
    for c in facts(text):
        assert not re.match(r"(?i)(?:is|makes)\b|\W|same\b", c.value), (text, c)


def test_trailing_adverbials_are_cut_and_pet_names_are_names() -> None:
    assert user_values("I found out recently I'm allergic to cockroaches as well.", "allergy") == [
        "cockroaches"
    ]
    pets = user_values(
        "My pup Toby is a German Shepherd! He's so active. What games do your dogs like?", "pet"
    )
    assert pets and all("What" not in v for v in pets)
    assert any("Toby" in v for v in pets)


def test_short_answer_to_the_characters_question() -> None:
    def answered(question: str, reply: str) -> list[Candidate]:
        return extract(reply, FactContext(previous_assistant_text=question))

    age = [c for c in answered("How old are you, by the way?", "27 lol") if c.subject == "age"]
    assert [c.value for c in age] == ["27 years old"]
    assert age[0].about == "user" and age[0].confidence == 0.7 and age[0].evidence == "27 lol"
    # the same reply without the question, or to a question about someone else, says nothing
    assert not [c for c in extract("27 lol", FactContext()) if c.subject == "age"]
    assert not [c for c in answered("How old is your cat?", "4") if c.subject == "age"]
    # a full statement is read by the ordinary rules once, not again as an answer
    full = answered("What do you do for work?", "I'm a librarian")
    assert any(c.subject == "job" for c in full)
    assert all(c.confidence != 0.7 for c in full if c.subject == "job")


def test_an_animal_caught_is_not_a_pet() -> None:
    text = "Last weekend my girlfriend and I went fishing. We got a few fish and had a blast."
    assert user_values(text, "pet") == []
    assert has("We got a puppy last week!", "pet", "puppy")


def test_a_partner_in_something_else_is_not_a_relationship() -> None:
    text = "Saoirse would adore this place. She's been my partner in crime since we were kids."
    assert user_values(text, "relationship_status") == []
    assert has("My partner and I are moving in together", "relationship_status", "partner")


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("ok can I get my usual, I'm running on three hours of sleep", "favorite_food"),
        ("I'm basically running on fumes this week", "favorite_food"),
        ("alright, I've got one more riddle and then a quiz for you", "upcoming_exam"),
        ("I have a little test for my students tomorrow", "upcoming_exam"),
        ("my brother took the personality test. ENTJ, obviously.", "mbti"),
        ("I can't take the elevator today, it's broken again", "phobia"),
        ("we had shrimp for dinner. I always carry my epipen anyway", "allergy"),
        ("in Denver we're going to Costco first", "upcoming_event"),
    ],
)
def test_near_misses_give_no_user_fact(text: str, subject: str) -> None:
    assert user_values(text, subject) == [], facts(text)


def test_fresh_scenario_corrections_and_attribution() -> None:
    # a job said with an adverb before the article replaces the old one
    got = user_values("I'm officially a dental hygienist now, I quit the call centre", "job")
    assert any("dental hygienist" in v for v in got)
    # a move under way is where the user lives, marked as such
    got = user_values("we're moving to Leeds in August", "current_residence")
    assert got and "Leeds" in got[0] and "moving" in got[0]
    moved = facts("I'm moving to Leeds next week", current={"current_residence": ("York",)})
    assert any(c.subject == "current_residence" and "York" in c.value for c in moved), moved
    # the code after "they made me take the test" is the user's, not the family's
    text = "my cousins made me do that personality test at the reunion. ISFJ, 'the defender'."
    assert [c.about for c in facts(text) if c.subject == "mbti"] == ["user"]
    # "blue is my color": the cue names the kind (blue is also a music genre)
    assert user_values("blue is my color, always", "favorite_color") == ["blue"]
    assert user_values("blue is my color, always", "favorite_music") == []
    # a best friend described first and named later
    later = facts(
        "oh and my friend's name is Odette btw",
        current={"best_friend": ("best friend since high school",)},
    )
    assert any(c.subject == "best_friend" and "Odette" in c.value for c in later), later


def test_fresh_synk_2_corrections_and_near_misses() -> None:
    # a pet that died ends; the new one is another pet, not a refine of the old
    text = "My old tabby Mochi, passed away in May. Then we brought home a young lab named Rufus."
    got = facts(text, current={"pet": ("tabby named Mochi",)})
    assert any(c.subject == "pet" and c.mode == "end" and "Mochi" in c.value for c in got), got
    assert any(c.mode == "set" and "Rufus" in c.value for c in got if c.subject == "pet"), got
    assert not any(c.mode == "set" and "Mochi" in c.value for c in got if c.subject == "pet")
    # a breakup names the ex; a new one asked out replaces them
    got = facts("me n jake broke up last week", current={"partner": ("Jake (bf)",)})
    assert [(c.value, c.mode) for c in got if c.subject == "partner"] == [("Jake (bf)", "end")]
    # years spent as something that is not a job, or a job left behind, say no job
    assert user_values("I spent three years as a volunteer in Peru", "job") == []
    assert user_values("I spent 10 years as a paramedic before I switched careers", "job") == []
    # lowercase names: an adverb or a verb in the name's slot stays lowercase
    assert user_values("my bf really wants a dog", "partner") == []
    assert user_values("my sister always says that", "family") == ["sister"]
    # a hypothetical from the start of a sentence still says nothing
    assert user_values("I'd love a beagle, and I'd name him Toast", "pet") == []


def test_fresh_synk_3_moves_pets_and_attribution() -> None:
    # a move said as "now I'm in", the place left is not where one lives
    got = facts(
        "moved out of my tiny flat in Croydon at last, now I'm in Brixton near the market",
        current={"current_residence": ("Croydon",)},
    )
    assert [c.value for c in got if c.subject == "current_residence"] == [
        "Brixton (moved from Croydon)"
    ]
    assert user_values("Goodbye summer, hello autumn!", "current_residence") == []
    assert user_values("now I'm in Rome for a conference", "current_residence") == []
    # a known pet let go ends; named again as a sentence subject it is re-mentioned
    got = facts("We let Pippa go this morning. The vet was so kind.", current={"pet": ("Pippa",)})
    assert [(c.value, c.mode) for c in got if c.subject == "pet"] == [("Pippa", "end")]
    got = facts("Pippa's off her food again tonight.", current={"pet": ("Pippa (spaniel)",)})
    assert [c.value for c in got if c.subject == "pet"] == ["Pippa (spaniel)"]
    assert user_values("Walked Sarah home. The dog next door barked at us.", "pet") == []
    assert user_values("Meet Dave, the new guy from accounts.", "pet") == []
    # a ward is not a school; screaming at the telly is not a fear
    assert user_values("last time I go to ICU they keep me two days", "school") == []
    assert user_values("I scream at the TV every match, the neighbours hate it", "phobia") == []
    # the listener's birthday, another country's independence day
    assert user_values("Christmas baby!! that's so you haha", "birthday") == []
    assert (
        user_values("born on Independence Day, the Mexican one not the American one", "birthday")
        == []
    )
    # the work of a later clause is not the new job's workplace
    text = "first week as junior editor is tough, but I wrote a piece for a travel magazine"
    assert user_values(text, "workplace") == []
    assert user_values(text, "job") == ["junior editor"]
    # "Teal ... It's been my colour": a colour word that is also a genre stays a colour
    text = "Painted the bedroom. Navy, with a hint of blue. It's been my colour since school."
    assert user_values(text, "favorite_color") == ["navy"]
    assert user_values(text, "favorite_music") == []
