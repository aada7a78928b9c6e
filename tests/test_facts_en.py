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
from soulmem.perceive.facts.en_dialect import normalise
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


def _answer(question: str, reply: str, subject: str) -> list[str]:
    ctx = FactContext(previous_user_texts=("hello",), previous_assistant_text=question)
    found = extract_facts(reply, ctx, language="en")
    return [c.value for c in found if c.subject == subject and c.about == "user"]


def test_fresh_synk_4_habits_fears_and_fandom() -> None:
    # an age said with chat after it; a count of minutes is not one
    assert user_values("ok im 27 thanks very much", "age") == ["27 years old"]
    assert user_values("I'm 24 🙃 don't judge", "age") == ["24 years old"]
    assert user_values("I'm 5 minutes away", "age") == []
    # a pastime told by when it is done; a chore or someone else's is not one
    assert user_values("I do watercolour portraits when I should be working", "hobby") == [
        "watercolour portraits"
    ]
    assert user_values("in my spare time I do origami", "hobby") == ["origami"]
    assert user_values("I do my homework when I should be sleeping", "hobby") == []
    assert user_values("my brother does parkour for fun", "hobby") == []
    # a thing eaten or drunk in excess; a question asked without its mark is not a statement
    assert has("I go through a ridiculous amount of Pringles on long drives", "likes", "Pringles")
    assert has("I drink an unholy amount of iced tea", "favorite_drink", "iced tea")
    assert user_values("what crisps do I eat way too many of", "likes") == []
    # "a Dr Pepper man": a drink or food, not a trait or a place
    assert has("I'm a red wine woman, always have been", "favorite_drink", "red wine")
    assert user_values("I'm a family man", "favorite_drink") == []
    assert user_values("I'm a city kid", "likes") == []
    # a fear without "afraid": "a thing about", "can't be in a room with", "scare the life..."
    assert has("I have a real thing about needles, I nearly faint", "phobia", "needles")
    assert has("I can't be in the same room as a wasp, I panic", "phobia", "wasp")
    assert has("moths scare the hell out of me", "phobia", "moths")
    assert user_values("I have a thing about fresh sheets, love them", "phobia") == []
    assert user_values("I can't be around him anymore, he's exhausting", "phobia") == []
    # a side the user follows as a fan; someone else's or a denied one is not read
    assert has("I've been rooting for the Mariners since I was six", "likes", "Mariners")
    assert has("I'm a lifelong Everton supporter", "likes", "Everton")
    assert user_values("my dad supports Leeds", "likes") == []
    assert user_values("I'm not a Lakers fan", "likes") == []


def test_fresh_synk_4_homes_work_and_trips() -> None:
    # where one lives said with the housing, and "I'm officially in X now" after a move
    assert user_values("I'm in a damp basement flat in Brighton", "current_residence") == [
        "Brighton (damp basement flat)"
    ]
    got = facts(
        "moved at last! I'm finally in Didsbury now", current={"current_residence": ("Salford",)}
    )
    assert [c.value for c in got if c.subject == "current_residence"] == [
        "Didsbury (moved from Salford)"
    ]
    assert user_values("I'm in Leeds for a conference, moved my talk", "current_residence") == []
    # a station worked at a place; hired somewhere new; quitting the station named before
    assert user_values("I work the deli counter at a Safeway", "workplace") == [
        "deli counter at Safeway"
    ]
    assert has("just got hired at the bakery on Main Street", "workplace", "bakery")
    got = facts(
        "I quit the deli counter today", current={"workplace": ("deli counter at Safeway",)}
    )
    assert [(c.value, c.mode) for c in got if c.subject == "workplace"] == [
        ("deli counter at Safeway", "end")
    ]
    assert facts("I quit the gym", current={"workplace": ("deli counter at Safeway",)}) == []
    # a booked trip: the destination after "booked ... to" or opening the next sentence
    assert has("we finally booked it! Lisbon in April, a whole week", "upcoming_event", "Lisbon")
    assert has("I booked flights to Oslo for March", "upcoming_event", "Oslo", "March")
    assert user_values("my sister booked a trip to Rome", "upcoming_event") == []
    assert user_values("I booked a table at Nando's for 8", "upcoming_event") == []
    # "twin daughters" without a number; "twin boys" is not just "twin"
    assert user_values("I've got twin sons, both at uni", "family") == ["twin sons"]
    assert user_values("I have twin boys", "family") == ["twin boys"]


def test_fresh_synk_4_split_people_pets_and_answers() -> None:
    # "the cat" acting on the user's things at home; a neighbour's is not the user's
    assert has("the dog has eaten my slippers again, he's a rescue", "pet", "dog", "rescue")
    assert user_values("the neighbour's cat sat on my car", "pet") == []
    # a name doing what only a pet does names the unnamed pet
    got = facts("Biscuit is purring on my lap, she's a tabby", current={"pet": ("cat",)})
    assert [(c.value, c.mode) for c in got if c.subject == "pet"] == [
        ("cat named Biscuit", "refine")
    ]
    assert facts("Tom sat on my phone lol", current={"pet": ("cat named Biscuit",)}) == []
    # a partner named beside "he's my boyfriend" or "I'm seeing someone"
    assert has("his name's Arjun and he's my boyfriend now", "partner", "Arjun")
    assert has("I'm seeing someone. her name is Ines", "partner", "Ines")
    assert user_values("my sister's boyfriend, his name is Mark, is nice", "partner") == []
    # names of the children given later refine the family value
    got = facts(
        "I should tell you the boys' names: Finn and Oscar", current={"family": ("two sons",)}
    )
    assert [(c.value, c.mode) for c in got if c.subject == "family"] == [
        ("two sons (Finn and Oscar)", "refine")
    ]
    # reported words: the one who said them is still read
    assert has("My pal Zoe always says I'd make a great lawyer", "friend", "Zoe")
    assert has("my closest mate Rob is moving away", "best_friend", "Rob")
    # a title taken up again and known by heart
    assert has("watched Paddington 2 again. I can quote every line", "favorite_movie", "Paddington")
    assert user_values("watched Heat again, it was boring", "favorite_movie") == []
    # a food praised in a fragment after the user named it; a friend's order is not it
    assert has(
        "I grabbed a slice of cheesecake after. Best thing ever.", "favorite_food", "cheesecake"
    )
    assert user_values("my brother ordered a burger. Best thing ever.", "favorite_food") == []
    # a chat-spelled question without its mark; a bare value, then talk about it
    assert _answer("where r u from btw", "leeds lol. rains constantly", "hometown") == ["Leeds"]
    assert _answer("how old r u", "ugh. don't ask", "age") == []


def test_fresh_synk_4_more_phrasings() -> None:
    # a guilty pleasure, a weakness; the listener or a habit of mind is not one
    assert has("cheesy quavers are my guilty pleasure", "likes", "cheesy quavers")
    assert has("my biggest weakness is flat whites", "favorite_drink", "flat whites")
    assert user_values("you are my weakness", "likes") == []
    assert user_values("my weakness is that I overthink", "likes") == []
    # a home told by what it is above or what one is stuck in
    assert has("I live above a launderette in Hackney", "current_residence", "Hackney")
    assert has("I'm crammed in a box room in Bristol", "current_residence", "Bristol")
    assert user_values("my gran lives above a shop in Hull", "current_residence") == []
    assert user_values("I'm in a cabin in Tahoe for the weekend", "current_residence") == []
    # a home rented, taken or signed for, typed in lower case or with the subject left out;
    # "this state" is no place, nor someone else's flat
    text = "grew up in mackay tho\nnow renting in annerley with two housemates"
    assert has(text, "current_residence", "Annerley")
    text = "OK UPDATE\nwe are out of annerley\ngot a granny flat in wynnum, moved everything in"
    assert has(text, "current_residence", "Wynnum")
    text = "I signed the papers yesterday on a little condo in Marietta, ten minutes from Denise."
    assert has(text, "current_residence", "Marietta")
    text = "though I have lived in this state most of my adult life"
    assert user_values(text, "current_residence") == []
    assert user_values("my sister got a flat in Leeds, she moved in May", "current_residence") == []
    assert user_values("my sister is now renting in Leeds", "current_residence") == []
    text = "me and Jolina signed for a 2 bed in Mira Mesa 😭🎉 bye bye Chula Vista commute"
    assert has(text, "current_residence", "Mira Mesa")
    assert has("these days I've a tiny flat in Salthill", "current_residence", "Salthill")
    assert user_values("I've a question for you", "current_residence") == []
    text = "Slept our first night there last night. So that's me, bye bye Salthill, hello Oranmore"
    assert has(text, "current_residence", "Oranmore")
    # hired, the subject left out after the news
    text = "I GOT IT!!! officially hired as a CNA at Harborview Senior Living, orientation soon"
    assert has(text, "job", "CNA at Harborview")
    assert user_values("hired as a joke lol", "job") == []
    # a trip one is off on; a show's tickets are not a trip
    assert has("off to Seville in May with my cousins", "upcoming_event", "Seville", "May")
    assert has("we got plane tickets to Hanoi for July", "upcoming_event", "Hanoi")
    assert user_values("I got tickets for Coldplay in June", "upcoming_event") == []
    assert user_values("I'm off to bed", "upcoming_event") == []
    # a new employer that hired the user; a station run at a place
    assert has("the council hired me as a gardener", "job", "gardener")
    assert has("I'm on the tills at a Lidl these days", "workplace", "Lidl")
    assert user_values("she took me at my word", "workplace") == []
    # a pastime kept up for years, or what the evenings are spent on
    assert has("I've been doing stained glass for years", "hobby", "stained glass")
    assert has("I spend my weekends making candles", "hobby", "candles")
    assert user_values("I've been working since I was 16", "hobby") == []
    assert user_values("I spend my weekends doing homework", "hobby") == []
    # a job told with a generic "you" right after one's own working day
    text = "Twelve hours on my feet today. When you're the charge nurse nobody lets you sit."
    assert user_values(text, "job") == ["charge nurse"]
    assert user_values("when you're a teacher you never stop, my aunt says", "job") == []
    # a liking anchored on a pronoun names nothing
    assert user_values("I love the smell of it", "likes") == []


def _now(text: str, subject: str, current: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    found = facts(text, current=current)
    return [(c.value, c.mode) for c in found if c.subject == subject and c.about == "user"]


def test_a_boyfriend_becomes_a_fiance() -> None:
    """ "PROPOSED!!! I'm engaged!!!": the partner told as a boyfriend is now a fiancé (a
    refinement); someone else's engagement or a past one changes nothing."""
    now = {"partner": ("Declan (boyfriend)",), "relationship_status": ("in a relationship",)}
    text = "he gets down on one knee in the muck and PROPOSED!!! I'm engaged!!!"
    assert _now(text, "partner", now) == [("Declan (fiancé)", "refine")]
    assert _now("we got married on Saturday!", "partner", now) == [("Declan (spouse)", "refine")]
    assert _now("my sister got engaged!!", "partner", now) == []
    assert _now("I was engaged once, long ago", "partner", now) == []


def test_corrections_read_as_changes() -> None:
    home = {"current_residence": ("Denver",)}
    # a move "from X to Y", a new home, a farewell to the old place
    assert _now("we moved from Denver to Austin last weekend", "current_residence", home) == [
        ("Austin (moved from Denver)", "set")
    ]
    text = "I'm typing this from an empty apartment in Tulsa. goodbye Denver, hello wind"
    assert _now(text, "current_residence", home) == [("Tulsa (moved from Denver)", "set")]
    assert has("We just got the keys to a house in Bristol", "current_residence", "Bristol")
    assert has("Just signed the lease on a flat in Leeds", "current_residence", "Leeds")
    text = "So I left Denver.\nNow living in Austin and loving it"
    assert has(text, "current_residence", "Austin")
    assert has("I finally packed up and moved back to Newcastle", "current_residence", "Newcastle")
    assert has("I'm officially a Bristol resident now", "current_residence", "Bristol")
    text = "The van came on Friday, and I am now officially a resident of Weston-super-Mare."
    assert has(text, "current_residence", "Weston-super-Mare")
    text = "moved saturday, so as of this weekend I'm officially a Guelph person. bye Denver"
    assert _now(text, "current_residence", home) == [("Guelph (moved from Denver)", "set")]
    assert user_values("My sister is now officially a resident of Paris", "current_residence") == []
    assert user_values("I'm a Moncton girl through and through", "current_residence") == []
    assert user_values("I'm officially a Taylor Swift fan now", "current_residence") == []
    assert has("I'm in one of the stone terraces in Saltaire", "current_residence", "Saltaire")
    assert has("these days I'm in Pittsburgh though", "current_residence", "Pittsburgh")
    assert user_values("My sister just moved from Denver to Austin", "current_residence") == []
    assert user_values("Her new flat in Glasgow is lovely", "current_residence") == []
    assert user_values("These days I'm in Boston for work", "current_residence") == []
    assert user_values("I relocated to Leeds, so I'm a Leeds girl now", "hometown") == []
    # a new employer after the old one, in one sentence or two
    work = {"workplace": ("Tallyfox",)}
    text = "I accepted an offer. leaving Tallyfox after four years, starting at Fernwick Labs soon"
    assert _now(text, "workplace", work) == [("Fernwick Labs (new job, left Tallyfox)", "set")]
    text = "I handed in my notice at Tallyfox. Starting at Brightwave next month."
    assert ("Brightwave (new job, left Tallyfox)", "set") in _now(text, "workplace", work)
    assert has("I write code at a startup called Tallyfox", "workplace", "Tallyfox")
    assert has("I'm not a nurse anymore, I retrained as a paramedic", "job", "paramedic")
    assert has("Got a new job! I'm now working as a data analyst", "job", "data analyst")
    assert has("I finished work after thirty years of teaching Year Two", "job", "retired", "Year")
    assert has("After 30 years as a nurse, I finally retired.", "job", "retired", "nurse")
    assert user_values("My brother is starting at Google next week", "workplace") == []
    assert user_values("The gig is starting at Wembley at eight", "workplace") == []
    assert user_values("My dad retired after 40 years of farming", "job") == []
    # an age admitted, a partner found or left, a widowhood ended
    assert has("I lied about my age earlier, I'm actually 34", "age", "34")
    text = "Clive — the tall one — asked me out, and I said yes. I'm courting again."
    assert has(text, "relationship_status", "courting", "Clive")
    assert has(text, "partner", "Clive")
    assert has("Being a widow was never in my plans", "relationship_status", "widowed")
    assert user_values("After seven years a widow, I'm courting again", "relationship_status") == [
        "courting again"
    ]
    assert user_values("Dave asked me out but I said no", "partner") == []
    assert has("I've started seeing this guy called Ben", "partner", "Ben")
    assert has("Me and Ben made it official last night", "relationship_status", "Ben")
    assert user_values("My sister started seeing Ben", "partner") == []
    assert has("Joe and I are getting divorced", "relationship_status", "divorced", "Joe")
    assert user_values("My parents are getting divorced", "relationship_status") == []
    tom = {"partner": ("Tom",)}
    assert ("Tom", "end") in _now("I'm single again, Tom and I called it quits", "partner", tom)
    # a favourite that changed; a pet lost or a new one named
    fav = {"favorite_food": ("pizza",)}
    assert _now("pizza isn't my favourite anymore, it's ramen now", "favorite_food", fav) == [
        ("ramen", "set")
    ]
    assert has("Blue used to be my favourite colour but now it's green", "favorite_color", "green")
    assert has("My new favourite food is ramen", "favorite_food", "ramen")
    assert has("I've gone off summer, autumn is my favourite season", "favorite_season", "autumn")
    pets = {"pet": ("cat Mochi",)}
    assert _now("We lost Mochi last month", "pet", pets) == [("cat Mochi", "end")]
    assert _now("We lost Dave in the crowd", "pet", pets) == []
    assert has("We got a new puppy, a beagle called Toast", "pet", "Toast")


def test_indirect_allergy_kin_and_food_clues() -> None:
    assert has("One strawberry and I'm covered in hives", "allergy", "strawberry")
    text = "She brought strawberries round. One bite and I come up in hives as if I'd been stung."
    assert has(text, "allergy", "strawberries")
    assert has("sorry, my real allergy is back, walnuts are my nemesis", "allergy", "walnuts")
    assert user_values("sorry, my real allergy is back", "allergy") == []
    assert user_values("He ate one strawberry and broke out in hives", "allergy") == []
    assert user_values("My son is allergic, one peanut and his throat closes", "allergy") == []
    text = "She brought the twins. Hattie and Fergus are seven and into everything."
    assert has(text, "family", "twins", "Hattie", "Fergus")
    assert user_values("Her kids came too. Ella and Jack are five.", "family") == []
    text = "the pierogi alone justify the rent, I'd eat them every meal"
    assert has(text, "favorite_food", "pierogi")
    sushi = {"favorite_food": ("sushi",)}
    assert _now(text, "likes", sushi) == [("pierogi (could eat it every meal)", "set")]
    assert user_values("The kids, I could eat them up every day", "favorite_food") == []
    text = "I've started Middlemarch again in the evenings, it must be my sixth time through"
    assert has(text, "likes", "Middlemarch")
    assert user_values("I started Monday again", "likes") == []
    text = "ooc: neither do I tbh, ginger beer is my entire personality"
    assert user_values(text, "favorite_drink") == ["ginger beer (has become my entire personality)"]


def test_more_corrections_and_their_near_misses() -> None:
    cur = {
        "current_residence": ("Leeds",),
        "workplace": ("Costa",),
        "spouse": ("Joe",),
        "pet": ("dog Rex",),
    }
    assert _now("Swapped Leeds for York last month.", "current_residence", cur) == [
        ("York (moved from Leeds)", "set")
    ]
    assert _now("My mum swapped Leeds for York.", "current_residence", cur) == []
    text = "I don't live in Leeds anymore — I'm in York now."
    assert _now(text, "current_residence", cur) == [("York (moved from Leeds)", "set")]
    assert ("Greggs (new job, left Costa)", "set") in _now(
        "I left Costa. I'm at Greggs now.", "workplace", cur
    )
    assert _now("I'm at Tesco now, getting milk.", "workplace", cur) == []
    assert _now("My brother got a new job and started at Google.", "workplace", cur) == []
    assert _now("Sarah quit her job and started at Google.", "workplace", cur) == []
    text = "I was made redundant from Costa, so I'm freelancing now."
    assert ("Costa", "end") in _now(text, "workplace", cur)
    assert has(text, "job", "freelance")
    assert has("I got promoted to head chef last week", "job", "head chef")
    assert user_values("I was made an offer", "job") == []
    text = "My husband Joe passed away last spring."
    assert _now(text, "spouse", cur) == [("Joe", "end")]
    assert has(text, "relationship_status", "widowed")
    assert user_values("My sister's husband died last year.", "relationship_status") == []
    assert has("I'm engaged! Ben proposed last night.", "partner", "Ben")
    assert user_values("Ben proposed to my sister.", "partner") == []
    text = "Our old dog Rex died, but we adopted a cat named Luna."
    assert sorted(_now(text, "pet", cur)) == [("cat named Luna", "set"), ("dog Rex", "end")]


def test_pet_names_fears_birthdays_and_intros_said_sideways() -> None:
    dog = {"pet": ("three-legged rescue greyhound",)}
    text = "ok dog has been walked. Pixel says hi. named him after a dead pixel"
    assert _now(text, "pet", dog) == [("three-legged rescue greyhound named Pixel", "refine")]
    text = "Gladstone — that's the tortoise; I named him after the prime minister."
    assert _now(text, "pet", {"pet": ("tortoise",)}) == [("tortoise named Gladstone", "refine")]
    assert _now("My son Jack is great. I named him after my dad.", "pet", dog) == []
    assert user_values("Lola, that's my neighbour's dog, barked all night", "pet") == []
    text = "There was a frog in my watering can. I've been terrified of the things since."
    assert has(text, "phobia", "frog")
    assert has("my character has a real fear of horses and so do I", "phobia", "horses")
    assert user_values("She has a fear of heights and so does her mum.", "phobia") == []
    assert has("I'm a Bonfire Night baby", "birthday", "November 5")
    assert user_values("We went to the Bonfire Night fireworks.", "birthday") == []
    text = "quick context on who's behind the keyboard: backend engineer, 34, which is old"
    assert has(text, "job", "backend engineer")
    assert has(text, "age", "34")
    assert user_values("*the guard, 34, looks at me*", "age") == []


def test_facts_said_in_passing() -> None:
    assert has("What's weighing on me is that I'm apparently forty-four now.", "age", "44")
    assert has("the Captain is fifty-four years old, same as me", "age", "54")
    assert has("I'm O neg so the blood service stalks me", "blood_type", "O-")
    assert user_values("my real fear is pigeons tho", "phobia") == ["pigeons"]
    assert has("she's from seville so we only speak spanish at hers", "language", "Spanish")
    assert user_values("My parents speak French at home.", "language") == []
    assert has("shrimp make my face like a balloon, last time I go to ER", "allergy", "shrimp")
    assert has(
        "can tarot tell me if i'll ever grow out of being allergic to kiwi?", "allergy", "kiwi"
    )
    assert user_values("Is Tom allergic to cats?", "allergy") == []
    text = "wait my dog is barking. Bantay! stop na! haha sorry that's his name, Bantay"
    assert _now(text, "pet", {"pet": ("dog",)}) == [("dog named Bantay", "refine")]
    assert _now("his name is Paul, my dog loves him", "pet", {}) == [("dog", "set")]
    assert has(
        "you know, I'm the bunso in our family, youngest of five", "family", "youngest of five"
    )
    assert user_values("My sister is the youngest of three.", "family") == ["sister"]
    assert has("college lol. marine bio major.", "major", "marine bio")
    assert user_values("no major", "major") == []
    assert has("Me, I'm a river-town kid: Dubuque, Iowa.", "hometown", "Dubuque")
    assert has("These days my wife and I are out in Tucson", "current_residence", "Tucson")


def test_past_homes_chat_answers_and_cut_values() -> None:
    assert user_values("My old flat in Leeds was tiny.", "current_residence") == []
    assert has("I've got a drafty old house in Halifax", "current_residence", "Halifax")
    assert has("I rent my first flat in Leeds", "current_residence", "Leeds")
    assert user_values("I started knitting last year.", "hobby") == ["knitting"]
    work = {"workplace": ("Costa",)}
    text = "I worked at Costa for a while, then I started at Greggs."
    assert _now(text, "workplace", work) == [("Greggs (new job, left Costa)", "set")]
    assert user_values(text, "hobby") == []

    def reply(question: str, text: str) -> list[tuple[str, str]]:
        ctx = FactContext(previous_user_texts=("hello",), previous_assistant_text=question)
        return [(c.subject, c.value) for c in extract_facts(text, ctx, language="en")]

    assert reply("whats ur actual name lol", "lmaooo its ruben. ruben castellanos.") == [
        ("name", "Ruben")
    ]
    assert reply("what's your name?", "tired lol") == []
    assert reply("ok when's ur bday", "its on halloween lol. literally a spooky baby") == [
        ("birthday", "October 31 (Halloween)")
    ]


def test_leaving_a_home_or_a_partner() -> None:
    cur = {"current_residence": ("Leeds",), "partner": ("Tom",)}
    for text in (
        "Moved out of Leeds and into a flat in York.",
        "We're in York now after leaving Leeds.",
        "Left Leeds for York in the spring.",
    ):
        assert _now(text, "current_residence", cur) == [("York (moved from Leeds)", "set")]
    assert (
        _now("I'm in York for the weekend, left Leeds this morning.", "current_residence", cur)
        == []
    )
    assert _now("I left Leeds for a week.", "current_residence", cur) == []
    for text in ("I'm not with Tom anymore.", "Tom and I are done."):
        assert _now(text, "partner", cur) == [("Tom", "end")]
    assert _now("I'm not with Sam anymore.", "partner", cur) == []


def test_round3_idioms_and_corrections() -> None:
    # "Myself X": the Indian English self-introduction
    assert user_values("Hello hello! Myself Snehal. My labmate said hi.", "name") == ["Snehal"]
    assert user_values("Myself Priya here", "name") == ["Priya"]
    assert user_values("I did it myself. Tom was happy", "name") == []
    # a partner who asked the user out and got a yes; "we're officially a couple"
    text = "Nikhil from the lab... he asked me out yesterday. And I said yes."
    cur = {"relationship_status": ("single",)}
    assert ("in a relationship with Nikhil", "set") in _now(text, "relationship_status", cur)
    assert has("So we're officially a couple now!", "relationship_status", "in a relationship")
    assert user_values("Priya asked me out and I said no.", "relationship_status") == []
    assert user_values("Are we in a relationship?", "relationship_status") == []
    # refusing a food; a food as the user's old enemy
    assert user_values("And I won't touch mushrooms, never have.", "disliked") == ["mushrooms"]
    assert user_values("I won't touch the car.", "disliked") == []
    assert has("Bitter gourd and me are enemies since childhood.", "disliked", "bitter gourd")
    assert user_values("Tom and I are enemies now.", "disliked") == []
    # "Drink wise im boring, Vimto."
    assert has("Drink wise im boring, Vimto.", "favorite_drink", "Vimto")
    assert has("Food-wise, it's curry every time.", "favorite_food", "curry")
    assert user_values("Money wise, it's tight", "favorite_food") == []
    assert user_values("Food wise, the canteen is awful", "favorite_food") == []
    # "our rescue greyhound": a household pet
    assert has("Even our rescue greyhound nicks them", "pet", "rescue greyhound")
    assert user_values("our neighbour's dog barks all night", "pet") == []
    assert user_values("Haha our lab also has one old computer that cries.", "pet") == []
    # children named with ages in a household message
    text = "There's four of us plus the dog. Our Freya's 12 and fussy, Alfie's 8 and eats anything"
    assert has(text, "family", "kids Freya (12) and Alfie (8)")
    assert user_values("Tom's 30 and Sam's 29, my flatmates", "family") == []
    # a plot the user grows things on; a show's repeats as a habit; a season awaited
    assert has("Beans are from the allotment, got a plot off the main road", "hobby", "allotment")
    assert user_values("We got a plot of land to build a house", "hobby") == []
    text = "Sunday tea is always on trays in front of the Royle Family repeats"
    assert has(text, "likes", "Royle Family")
    assert user_values("My dad watches Top Gear repeats every day", "likes") == []
    assert has(
        "I'm waiting for exams to end and for the monsoon to come.", "favorite_season", "monsoon"
    )
    assert user_values("I'm waiting for the bus to come", "favorite_season") == []


def test_me_problem_or_job_problem() -> None:
    text = "im knackered, is that a me problem or a vet nurse problem. 12hr shifts"
    assert user_values(text, "job") == ["vet nurse"]
    assert user_values("is it a me problem or a you problem. idk", "job") == []


def test_round4_scots_spellings_and_lowercase_places() -> None:
    # Scots spellings are read as standard English; standard English is left alone
    assert user_values("stay in paisley these days though, wee flat", "current_residence") == [
        "Paisley"
    ]
    assert has("am fae aberdeen originally", "hometown", "Aberdeen")
    assert has("we've moved tae dundee noo", "current_residence", "Dundee")
    assert has("pure feart o spiders, me. dinnae laugh", "phobia", "spiders")
    assert has(
        "cannae dae shellfish. one prawn and ma face goes like a beach ball", "allergy", "prawn"
    )
    assert has("naw, am a joiner ower at the shipyard", "job", "joiner")
    text = "me n lorna got the keys. we're in clydebank noo, oot the paisley flat for good"
    assert _now(text, "current_residence", {"current_residence": ("Paisley",)}) == [
        ("Clydebank (moved from Paisley)", "set")
    ]
    # not a place, not a mother's "ma", not a blood group's "o", not a noun in -in
    assert user_values("I stay in bed all day.", "current_residence") == []
    assert user_values("i live in hope and i'm in therapy", "current_residence") == []
    assert user_values("lorna's ma got us a bottle of fizz", "family") == []
    assert normalise("I'm o neg, a can o juice") == "I'm o neg, a can of juice"
    assert user_values("It's thin. He's my cousin lol", "family") == ["cousin"]


def test_round4_jobs_promotions_names_and_kin() -> None:
    # an agent noun at a workplace; a promotion said as "they made me X"
    assert has("I'm a picker over at the parcel depot", "job", "picker")
    assert has("I'm a night porter at the hotel", "job", "night porter")
    assert user_values("I'm a regular at the pub", "job") == []
    assert user_values("I'm a member at the gym", "job") == []
    cur = {"job": ("picker (parcel depot)",)}
    assert _now("they've made me team leader on the nightshift", "job", cur) == [
        ("team leader (promoted)", "set")
    ]
    assert has("I've been made shift supervisor", "job", "shift supervisor")
    assert has("I've been promoted to senior nurse", "job", "senior nurse")
    for text in ("they made me feel better", "my manager made me a coffee"):
        assert user_values(text, "job") == []
    # a name given "for the record", or "Name, by the way" opening the chat
    text = "anyway for the record it's Trudy Maclachlan, owner and chief worrier at The Cracked Cup"
    assert user_values(text, "name") == ["Trudy Maclachlan"]
    assert has(text, "workplace", "The Cracked Cup")
    assert user_values("mornin. Euan, by the way, Euan Dalgleish", "name", previous=()) == [
        "Euan Dalgleish"
    ]
    assert user_values("Sarah, by the way, is my sister.", "name", previous=()) == []
    assert user_values("for the record it's Tuesday, not Monday", "name") == []
    assert user_values("fyi it's Sarah's birthday", "name") == []
    # "Keira says hi, that's my daughter"
    text = "oh and Keira says hi by the way, that's my daughter"
    assert has(text, "family", "daughter Keira")
    assert user_values("Tom came round, he's my brother's mate.", "family") == ["brother"]
    # a divorce told by the divorce
    assert has(
        "the divorce from Craig went through six years ago", "relationship_status", "divorced"
    )
    assert user_values("my sister's divorce from Tom went through", "relationship_status") == []


def test_round4_best_friend_named_by_their_news_and_questions() -> None:
    text = "ma best mate's gettin married in july. known him since primary one"
    assert has(text, "best_friend", "best mate", "getting married", "since primary one")
    cur = {"best_friend": ("best mate (getting married in july)",)}
    text = "dougie, the eejit gettin married, his stag's in benidorm next month"
    assert [v for v, _ in _now(text, "best_friend", cur)] == [
        "Dougie (best mate, getting married in july)"
    ]
    assert _now("Tom, the guy moving next door, is loud", "best_friend", cur) == []
    # a question after "and", or typed without its apostrophe, states nothing
    assert (
        user_values("and whats my favourite colour, hint, look at the chairs", "favorite_color")
        == []
    )
    assert user_values("and what milk do I hate serving", "disliked") == []
    assert user_values("and what's my bird called, he's screeching", "pet") == []
    assert user_values("So what's funny is I'm a nurse.", "job") == ["nurse"]


def test_round4_everyday_trades_moves_and_marriages() -> None:
    # an age opening a sentence about oneself (not the character's age said back)
    assert user_values("pretty much. 34 and my knees feel 70.", "age") == ["34 years old"]
    ctx = FactContext(previous_user_texts=("hi",), previous_assistant_text="Fifty-nine. Ha!")
    said_back = extract_facts("59 and still up at 4am every day, fair play", ctx, language="en")
    assert [c for c in said_back if c.subject == "age"] == []
    assert user_values("20 and I'm broke", "age") == []
    # the town after the spot one grew up in; moves up/out; a move told by the town left
    assert has("I grew up in a pub kitchen out in Broken Hill", "hometown", "Broken Hill")
    assert has(
        "been living out in Parramatta for about ten years now", "current_residence", "Parramatta"
    )
    assert has("the missus and I moved up to Cairns last month", "current_residence", "Cairns")
    assert has("we're in Geelong now, left Ballarat for good", "current_residence", "Geelong")
    assert user_values("we left Paris early, we're in London now", "current_residence") == []
    # trades by their everyday names, "by trade"; a promotion "bumped up"; a redundancy
    assert has("I'm a brickie on building sites", "job", "brickie")
    assert has("I'm a sparky by trade", "job", "sparky")
    assert has("ah'm a nurse ower at the Royal", "job", "nurse")
    assert has("they've bumped me up to supervisor", "job", "supervisor")
    cur = {"job": ("warehouse picker",)}
    assert _now("just got made redundant, gutted", "job", cur) == [("warehouse picker", "end")]
    assert _now("my brother got laid off", "job", cur) == []
    # a marriage told by its length
    assert has("me and the missus have been married twenty years", "relationship_status", "married")
    assert user_values("my parents have been married 40 years", "relationship_status") == []


def test_singlish_and_voice_typed_messages() -> None:
    opening = facts(
        "Uncle! Is me lah, Jia Hui. Goh Jia Hui, the girl buy drink at 8am.", previous=()
    )
    assert [c.value for c in opening if c.subject == "name"] == ["Goh Jia Hui"]
    assert user_values("Twenty-seven liao, but the aunties still call me small girl.", "age") == [
        "27 years old"
    ]
    assert user_values("5 liao, let's go", "age") == []  # a time, not an age
    assert has(
        "Now rent one small room in Tampines. The train squeeze", "current_residence", "Tampines"
    )
    assert has("Bye bye Tampines, this weekend I shift to Punggol.", "current_residence", "Punggol")
    assert has(
        "these days I'm on about ten acres outside Lampasas", "current_residence", "Lampasas"
    )
    assert has("My usual ah, Milo dinosaur extra powder.", "likes", "Milo dinosaur")
    assert has("no more Dr Pepper so now I'm drinking Topo Chico", "favorite_drink", "Topo Chico")
    taken = facts("from tomorrow no more Milo dinosaur, doctor's order.")
    assert [(c.subject, c.value) for c in taken] == [("retracted", "Milo dinosaur")]
    assert has(
        "on the CB everybody knew me as Tumbleweed so you can call me that",
        "nickname",
        "Tumbleweed",
    )
    assert has("I never liked heights", "disliked", "heights")
    # a likeness, not a pet; questions typed without a question mark
    assert user_values("she say my karaoke like cat kena step tail.", "pet") == []
    assert facts("next one where am I living at these days and what's my old dog's name") == []
    assert has("I have a dog named Rex and what's my problem lol", "pet", "Rex")


def test_the_characters_birthday_said_back_is_not_the_users() -> None:
    ctx = FactContext(
        previous_user_texts=("hi",),
        previous_assistant_text="25 December! Christmas Day, every year my kids buy log cake.",
    )
    assert extract_facts("Christmas baby! So you Capricorn?", ctx, language="en") == []
    mine = FactContext(previous_user_texts=("hi",), previous_assistant_text="When's yours?")
    assert [c.value for c in extract_facts("Christmas baby! Haha", mine, language="en")] == [
        "December 25 (Christmas Day)"
    ]


def test_pidgin_and_london_slang() -> None:
    opening = facts(
        "Good evening o! Na Chidinma Okafor be this. Blessing give me this number", previous=()
    )
    assert [c.value for c in opening if c.subject == "name"] == ["Chidinma Okafor"]
    assert user_values(
        "This last one make me thirty-four, and my mummy still dey call me baby", "age"
    ) == ["34 years old"]
    assert user_values(
        "I be Boxing Day pikin, everybody don full with Christmas rice", "birthday"
    ) == ["December 26 (Boxing Day)"]
    intro = facts(
        "wagwan. name's jerome but no one calls me that, everyone says spinz bc of how i bowl",
        previous=(),
    )
    assert sorted((c.subject, c.value) for c in intro) == [
        ("name", "Jerome"),
        ("nickname", "Spinz"),
    ]
    taken = facts("quit sainsburys innit. got a job at jd sports now")
    assert ("retracted", "Sainsburys") in [(c.subject, c.value) for c in taken]
    assert not [c for c in facts("i quit smoking lol") if c.subject == "retracted"]


def test_a_thing_dropped_by_a_pronoun_is_taken_back() -> None:
    dropped = facts("chem was finishing me so i dropped it today. switched to psychology")
    assert ("retracted", "chem") in [(c.subject, c.value) for c in dropped]
    pidgin = facts("Na the crochet. My wrist don give me wahala. So I don drop am. Na pottery now.")
    assert ("retracted", "crochet") in [(c.subject, c.value) for c in pidgin]
    assert not [c for c in facts("It was too hard so I dropped it") if c.subject == "retracted"]
