"""English rules for family, pets, allergies, phobias, health, diet, languages, beliefs."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.en_lex import (
    ALLERGENS,
    CAT_BREEDS,
    DIETS,
    DOG_BREEDS,
    FAMILY,
    HEALTH,
    LANGUAGES,
    NUMBER_RE,
    PETS,
    RELIGIONS,
    alt,
)
from soulmem.perceive.facts.en_util import FIRST, NAME, Msg, cand, cap_name, head, phrase, rx

__all__ = ["PET_DIED", "SENTENCE_RULES"]

N = NUMBER_RE
_IM = r"(?:I'm|I\s+am)"
_NEG_BEFORE = rx(r"\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+)?$")

# ---------------------------------------------------------------- family

_REL = alt(FAMILY - {"baby", "kid", "child"})
_MODS = (
    r"(?:(?:twin|older|younger|little|lil|big|baby|kid|half|identical|elder|oldest|youngest|"
    r"step)[\s-]+)"
)
_FAM_MY = rx(
    rf"\b(my|our)\s+({_MODS}{{0,2}})({_REL}|sis|bro)\b(?!'s\s+(?:friend|dog|cat))(?:,?\s+({NAME}))?"
)
_FAM_HAVE = rx(
    rf"\bI(?:\s+|(?='))(?:have|'ve\s+got|got)\s+(?:(an?|one|two|three|four|five|six|\d|"
    rf"a\s+couple\s+of)\s+|(?=(?:twin|identical|older|younger|little|big)[\s-]+\w+s\b))"
    rf"({_MODS}{{0,2}})({_REL}|boys|girls)\b(?:,?\s+(?:named\s+)?({NAME}(?:\s+and\s+{NAME})?))?"
)
_FAM_ONLY = rx(
    rf"\b{_IM}\s+(?:an?\s+|the\s+)?(only\s+child|twin|triplet|oldest|youngest|middle\s+child|"
    rf"eldest)(?:\s+of\s+(\w+))?\b"
)
_NO_FAM = rx(rf"\bI(?:\s+|(?='))(?:don't|do\s+not)\s+have\s+(?:any\s+)?({_REL})\b")
_SPOUSE = rx(
    rf"\bmy\s+(wife|husband|spouse)\b(?:(?:'s\s+name\s+is|\s+is\s+(?:named|called)|,)?\s+"
    rf"({NAME}))?"
)


_FULL = {"sis": "sister", "bro": "brother"}


def r_family(s: str, m: Msg) -> Iterator[Candidate]:
    x: re.Match[str] | None
    cur = " ".join(m.current("family")).casefold()
    for x in _FAM_MY.finditer(s):
        rel = " ".join((x.group(2) + _FULL.get(x.group(3).lower(), x.group(3))).split()).lower()
        name = x.group(4) if x.group(4) and cap_name(x.group(4)) else None
        value = f"{rel} {name}" if name else rel
        if x.group(3).lower() in cur and (not name or name.casefold() in cur):
            continue
        yield cand("family", value, s, confidence=0.8 if (name or x.group(2)) else 0.6)
    x = _FAM_HAVE.search(s)
    if x and not _NEG_BEFORE.search(s[: x.start()] + " "):
        num = (x.group(1) or "").lower()
        num = "" if num in ("", "a", "an", "one") else num + " "
        rel = " ".join((x.group(2) + x.group(3)).split()).lower()
        value = f"{num}{rel}" + (f" ({x.group(4)})" if x.group(4) else "")
        yield cand("family", value, s, confidence=0.8)
    x = _FAM_ONLY.search(s)
    if x:
        v = x.group(1).lower() + (f" of {x.group(2)}" if x.group(2) else "")
        if v in ("oldest", "youngest", "eldest"):
            v += " child"
        yield cand("family", v, s, confidence=0.75)
    x = _NO_FAM.search(s)
    if x:
        yield cand("family", x.group(1).lower(), s, negated=True)
    x = _SPOUSE.search(s)
    if x:
        name = x.group(2) if x.group(2) and cap_name(x.group(2)) else None
        known = " ".join(m.current("spouse")).casefold()
        if (name and name.casefold() not in known) or (not name and not known):
            rel = x.group(1).lower()
            yield cand("spouse", f"{name} ({rel})" if name else rel, s)


# ---------------------------------------------------------------- pets

_PETW = alt(PETS | DOG_BREEDS | CAT_BREEDS)
_PEOPLE = rx(
    r"\b(?:friend|neighbou?r|roommate|boss|sister|brother|mom|dad|parents|cousin|aunt|uncle|"
    r"grandma|grandpa|partner|girlfriend|boyfriend|wife|husband|ex|coworker)s?\b"
)
_PET_MY = rx(
    rf"\b(?:my|our)\s+((?:[\w-]+\s+){{0,2}}?)({_PETW})\b(?:(?:,?\s+(?:named\s+|called\s+)?|\s+is\s+"
    rf"(?:named|called)\s+|'s\s+name\s+is\s+)({NAME}))?"
)
_PET_HAVE = rx(
    rf"\b(?:I|we)(?:\s+|(?='))(?:have|'ve\s+got|got|own|(?:just\s+)?(?:adopted|rescued|"
    rf"got|brought\s+home|took\s+in))\s+(an?|one|two|three|four|\d|"
    rf"a\s+couple\s+of)\s+((?:[\w-]+\s+){{0,2}}?)({_PETW})\b(?:,?\s+(?:an?\s+(?:[\w-]+\s+)"
    rf"{{0,2}}?{_PETW}\s+)?(?:named|called)\s+({NAME}(?:\s+and\s+{NAME})?))?"
)
_PET_PARENT = rx(
    rf"\b{_IM}\s+an?\s+(dog|cat|bunny|rabbit|bird|reptile|plant)\s+(?:mom|dad|parent|owner|"
    rf"mama|papa)\b"
)
_NO_PET = rx(
    r"\bI(?:\s+|(?='))(?:don't|do\s+not)\s+(?:have|own)\s+(?:any\s+)?(pets?|an?\s+(?:dog|"
    r"cat))\b|\bI\s+have\s+no\s+(pets?)\b"
)
_DOGGY = rx(r"\b(?:dog|pup|puppy|walkies|walk(?:ed|ing)?\s+(?:him|her)|bark\w*|fetch|vet)\b")
_PET_BAD = rx(r"\b(?:hot|sea|cat\s+walk|lap|top|under|fire|dog\s+days|dog\s+tired|guide|service)\b")
# "my old beagle Biscuit, passed away last week", "we lost our cat Miso": the pet is gone
_GONE = (
    r"(?:passed(?:\s+away|\s+on)?|died|crossed\s+the\s+rainbow\s+bridge"
    r"|had\s+to\s+be\s+put\s+down)"
)
PET_DIED = rx(
    rf"\b(?:my|our)\s+((?:[\w-]+\s+){{0,2}}?(?:{_PETW})(?:,?\s+{NAME})?),?\s+(?:\w+\s+)?{_GONE}|"
    rf"\b(?:I|we)\s+(?:just\s+)?(?:lost|had\s+to\s+put\s+down|said\s+goodbye\s+to)\s+"
    rf"(?:my|our)\s+((?:[\w-]+\s+){{0,2}}?(?:{_PETW})(?:,?\s+{NAME})?)"
)
# "we let Biscuit go this afternoon", "we put Miso to sleep": gone, if the name is a pet's
_LET_GO = rx(
    rf"\b(?:I|we)\s+(?:had\s+to\s+)?(?:let\s+({NAME})\s+go|put\s+({NAME})\s+(?:down|"
    rf"to\s+sleep))\b|\b({NAME})\s+{_GONE}|\b(?:I|we)\s+(?:just\s+)?(?:lost|said\s+goodbye\s+to|"
    rf"buried)\s+({NAME})\b"
)
# "Meet Pip, the wee grey rescue kitten": a pet introduced by name
_PET_MEET = rx(
    rf"\b(?:meet|introducing|say\s+hi\s+to)\s+({NAME}),\s+(?:the|my|our)\s+"
    rf"((?:[\w-]+\s+){{0,4}}?)({_PETW})\b"
)
# "Walked Pip along the beach ... The old collie's muzzle is white": a named walk of a pet
_WALKED = rx(rf"(?:^\W*|\b(?:I|we)\s+)(?:walked|fed|groomed)\s+({NAME})\b")
_THE_PET = rx(
    rf"(?:^|[.!?]\s+)the\s+(?:(?:old|wee|young|little|daft|poor)\s+)?({_PETW})(?:'s)?\b"
    rf"(?!\s+(?:next\s+door|from|across|down|up|over|in|at)\b)"
)
# "went fishing ... We got a few fish": an animal caught is not a pet
_CAUGHT = rx(r"\b(?:fishing|fished|caught|catch(?:ing)?|hunting|hunted)\b")


def _species(word: str) -> str:
    w = word.lower()
    if w in DOG_BREEDS:
        return "dog"
    if w in CAT_BREEDS:
        return "cat"
    return w


def r_pets(s: str, m: Msg) -> Iterator[Candidate]:
    cur = " ".join(m.current("pet")).casefold()
    x = _NO_PET.search(s)
    if x:
        yield cand("pet", x.group(1) or x.group(2), s, negated=True, confidence=0.85)
        return
    x = PET_DIED.search(s)
    if x:
        said = (x.group(1) or x.group(2)).replace(",", "").split()
        keys = {w.casefold() for w in said[-2:]}
        gone = next((v for v in m.current("pet") if set(head(v).split()) & keys), None)
        yield cand("pet", gone or " ".join(said), s, mode="end", confidence=0.75)
        # "Rex died, but we adopted a cat named Luna": a new pet after the loss
        s = s[x.end() :]
        if not _PET_HAVE.search(s):
            return
    x = _LET_GO.search(s)
    name = next((g for g in x.groups() if g), "") if x else ""
    gone = next((v for v in m.current("pet") if name and name.casefold() in v.casefold()), None)
    if gone:
        yield cand("pet", gone, s, mode="end", confidence=0.75)
        return
    x = _PET_MEET.search(s)
    if x:
        yield cand("pet", f"{x.group(1)} ({x.group(2)}{x.group(3).lower()})", s, confidence=0.8)
        return
    x = _WALKED.search(s)
    kind = _THE_PET.search(m.text) if x and cap_name(x.group(1)) else None
    if x and kind and x.group(1).casefold() not in cur:
        yield cand("pet", f"{x.group(1)} ({kind.group(1).lower()})", s, confidence=0.65)
        return
    for x in _PET_HAVE.finditer(s):
        if _NEG_BEFORE.search(s[: x.start()] + " ") or _CAUGHT.search(m.text):
            continue
        num = x.group(1).lower()
        num = "" if num in ("a", "an", "one") else num + " "
        pre = x.group(2).strip()
        noun = x.group(3).lower()
        value = f"{num}{pre + ' ' if pre else ''}{noun}"
        if x.group(4):
            value += f" named {x.group(4)}"
        yield cand("pet", value, s, confidence=0.85)
        return
    for x in _PET_MY.finditer(s):
        pre = x.group(1).strip()
        if _PEOPLE.search(pre) or _PET_BAD.search(x.group(0)):
            continue
        if re.search(r"\b(?:like|as|than)$", pre):
            continue  # "my karaoke like cat kena step tail": a likeness, not a pet
        noun = x.group(2).lower()
        name = x.group(3) if x.group(3) and cap_name(x.group(3)) else None
        if noun == "lab" and not name and not _DOGGY.search(m.text):
            continue  # "our lab has one old computer": a laboratory
        if (noun.rstrip("s") in cur or _species(noun) in cur) and (
            not name or name.casefold() in cur
        ):
            continue
        value = f"{pre + ' ' if pre else ''}{noun}" + (f" named {name}" if name else "")
        yield cand("pet", value, s, confidence=0.75)
        return
    x = _PET_PARENT.search(s)
    if x and x.group(1).lower() not in cur:
        yield cand("pet", x.group(1).lower(), s, confidence=0.7)
        return
    yield from _pet_by_name(s, m)


def _pet_by_name(s: str, m: Msg) -> Iterator[Candidate]:
    """ "Biscuit's not right tonight": a known pet named as the subject of a sentence is a
    re-mention of that pet (its evidence, marked past with it once it is gone)."""
    for v in m.current("pet"):
        for name in re.findall(NAME, v):
            if cap_name(name) and re.search(
                rf"(?:^\W*|\b(?:took|walked|fed|let|and)\s+)(?-i:{name})(?:'s\b|\s+(?:is|was|has|"
                rf"had|did|got|went|stopped|ate|sat|slept)\b)|\b(?:took|walked|fed)\s+"
                rf"(?-i:{name})\b",
                s,
                re.IGNORECASE,
            ):
                yield cand("pet", v, s, confidence=0.6)
                return


# ---------------------------------------------------------------- allergy, phobia, health, diet

_ALLERGEN = alt(ALLERGENS)
_ALLERGIC = rx(
    r"\b(?:I'm|I\s+am|I've\s+been|I\s+was|I\s+get)\s+((?:not\s+|deathly\s+|severely\s+|"
    r"super\s+|really\s+|very\s+|extremely\s+|so\s+|mildly\s+|a\s+little\s+|slightly\s+|"
    r"badly\s+)*)allergic\s+to\s+"
)
_ALLERGY_HAVE = rx(
    r"\b(?:I\s+have|I've\s+got|my)\s+(?:an?\s+)?((?:severe|bad|serious|deadly|mild|"
    r"life-threatening)\s+)?((?:[\w-]+\s+){0,1}?[\w-]+)\s+allerg(?:y|ies)\b"
)
_ALLERGY_FRAGMENT = rx(
    rf"^\W*(?:(?:bad|severe|serious|deadly|mild)\s+)?({_ALLERGEN})\s+allerg(?:y|ies)"
    r"(?:\s+(?:here|gang|life|sufferer|girl|guy|kid|mom|dad))?\s*(?:[,.;!—-]|$|\s+here\b)"
)
_KILL = rx(rf"\b({_ALLERGEN})\s+(?:could|can|will|would|might|literally|actually|\s)*kill\s+me\b")
_CANT_EAT = rx(
    rf"(?:\bI(?:\s+|(?='))|^\W*)(?:can't|cannot|can\s+not|can\s+never)\s+(?:eat|have|touch|do|"
    rf"be\s+around)\s+(?:any\s+)?({_ALLERGEN})\b"
)
_REACTION = rx(
    r"\b(?:allerg|die|dying|hives|swell|throat\s+closes|epi-?pen|anaphyla|ER|hospital|rash|"
    r"balloon|beach\s+ball)"
)
_INTOL = rx(
    rf"\b{_IM}\s+(lactose|gluten|fructose)[\s-]intolerant\b|\bI\s+have\s+(celiac)(?:\s+disease)?\b"
)


def r_allergy(s: str, m: Msg) -> Iterator[Candidate]:
    x = _ALLERGIC.search(s)
    if x:
        p = phrase(s[x.end() :], 5, allow_bad=True)
        if p:
            neg = "not" in x.group(1).lower() or bool(_NEG_BEFORE.search(s[: x.start()] + " "))
            degree = x.group(1).replace("not", "").strip()
            detail = f" ({degree} allergic)" if degree and not neg else ""
            yield cand("allergy", p + detail, s, negated=neg, confidence=0.9)
            return
    x = _ALLERGY_HAVE.search(s)
    if x and not re.match(
        r"(?:no|any|an|the|food|seasonal|some|weird|real|actual|own|worst|main|only|big)$",
        x.group(2),
        re.I,
    ):
        neg = bool(_NEG_BEFORE.search(s[: x.start()] + " "))
        sev = f" ({x.group(1).strip()})" if x.group(1) else ""
        yield cand("allergy", x.group(2) + sev, s, negated=neg, confidence=0.85)
        return
    x = _ALLERGY_FRAGMENT.search(s)
    if x:
        yield cand("allergy", x.group(1).lower(), s, confidence=0.75)
        return
    x = _KILL.search(s)
    if x:
        yield cand(
            "allergy",
            f"{x.group(1).lower()} ({x.group(0)[len(x.group(1)) :].strip()})",
            s,
            confidence=0.8,
        )
        return
    x = _CANT_EAT.search(s)
    if x and _REACTION.search(m.text):
        yield cand("allergy", x.group(1).lower(), s, confidence=0.7)
        return
    x = _INTOL.search(s)
    if x:
        what = (x.group(1) or "gluten").lower()
        yield cand(
            "allergy",
            f"{what} (intolerant)" if x.group(1) else "gluten (celiac)",
            s,
            confidence=0.8,
        )


_FEAR = rx(
    r"\b(?:I'm|I\s+am|I've\s+always\s+been|I\s+get)\s+((?:not\s+|so\s+|really\s+|super\s+|"
    r"very\s+|deathly\s+|completely\s+|absolutely\s+|kind\s+of\s+|a\s+little\s+|pure\s+|"
    r"proper\s+|dead\s+|bloody\s+|"
    r"low[\s-]key\s+)*)(afraid|scared|terrified|frightened|petrified|freaked\s+out)\s+(?:of|"
    r"by)\s+"
)
_PHOBIA = rx(
    r"\bI(?:\s+|(?='))(?:have|'ve\s+got)\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:phobia|fear)\s+of\s+|"
    r"\bmy\s+(?:(?:biggest|real|main|only|worst|actual|true|greatest|number\s+one|no\.?\s*1|#1)\s+)?"
    r"(?:phobia|fear)\s+is\s+"
)
_FAINT = rx(
    r"\b(?:if|when|whenever|every\s+time)?\s*I\s+see\s+(?:an?\s+|any\s+|some\s+|"
    r"the\s+)?([a-z]+(?:\s+[a-z]+)?),?\s+I(?:\s+|(?='))(?:\w+\s+)?(pass\s+out|faint|"
    r"freak\s+out|panic|scream|throw\s+up|black\s+out|lose\s+it)"
)
_FAINT2 = rx(
    r"\bI(?:\s+|(?='))(?:faint|pass\s+out|black\s+out|freak\s+out)\s+(?:at\s+the\s+sight\s+of|"
    r"when\s+I\s+see|around|whenever\s+I\s+see)\s+(?:an?\s+|any\s+)?"
)
_SCARES = rx(
    r"(?:^|[,;—]\s*|\b(?:and|but)\s+)([a-z]+(?:\s+[a-z]+)?)\s+(?:terrify|terrifies|scare|"
    r"scares|freak|freaks|creep|creeps)\s+me\b(?:\s+(?:out|to\s+death|half\s+to\s+death))?"
)
_PHOBIC = rx(rf"\b{_IM}\s+(?:\w+\s+)?(claustrophobic|acrophobic|agoraphobic|arachnophobic)\b")
_PHOBIC_MAP = {
    "claustrophobic": "enclosed spaces",
    "acrophobic": "heights",
    "agoraphobic": "crowds and open spaces",
    "arachnophobic": "spiders",
}


def r_phobia(s: str, m: Msg) -> Iterator[Candidate]:
    cur = " ".join(m.current("phobia")).casefold()

    def fresh(v: str) -> bool:
        return head(v).rstrip("s") not in cur

    x = _FAINT.search(s)
    if x and not re.match(r"(?:you|him|her|them|it|that|this|people|my)\b", x.group(1)):
        v = f"{x.group(1)} ({x.group(2).lower()} at the sight)"
        if fresh(v):
            yield cand("phobia", v, s, confidence=0.8)
        return
    x = _FAINT2.search(s)
    if x:
        p = phrase(s[x.end() :], 4)
        if p and fresh(p):
            yield cand("phobia", f"{p} (faints at the sight)", s, confidence=0.8)
        return
    x = _FEAR.search(s)
    if x:
        p = phrase(s[x.end() :], 5)
        if p:
            neg = "not" in x.group(1).lower()
            level = x.group(2).lower()
            v = p + (f" ({level})" if level in ("terrified", "petrified") else "")
            if neg or fresh(v):
                yield cand("phobia", v, s, negated=neg, confidence=0.8)
            return
    x = _PHOBIA.search(s)
    if x:
        p = phrase(s[x.end() :], 5)
        if p and fresh(p):
            yield cand("phobia", p, s, confidence=0.85)
        return
    x = _PHOBIC.search(s)
    if x:
        w = x.group(1).lower()
        yield cand("phobia", f"{_PHOBIC_MAP[w]} ({w})", s, confidence=0.85)
        return
    x = _SCARES.search(s)
    if (
        x
        and not re.match(
            r"(?:you|he|she|they|it|that|this|which|what|there|everything|nothing|something)\b",
            x.group(1),
            re.I,
        )
        and fresh(x.group(1))
    ):
        yield cand("phobia", x.group(1), s, confidence=0.65)


_HEALTH_HAVE = rx(
    rf"\bI(?:\s+|(?='))(?:have|'ve\s+got|'ve\s+had|have\s+had|get|was\s+diagnosed\s+with|"
    rf"suffer\s+from|deal\s+with|"
    rf"live\s+with|struggle\s+with)\s+({alt(HEALTH)})\b"
)
_HEALTH_MY = rx(rf"\bmy\s+({alt(HEALTH - {'a bad knee', 'a bad back', 'a heart condition'})})\b")
_HEALTH_CAUSE = rx(
    rf"\b(?:because\s+of|due\s+to|thanks\s+to|cause\s+of|'cause\s+of)\s+(?:my\s+)?"
    rf"({alt(HEALTH)})\b"
)
_OTHER_BEFORE = rx(rf"\b(?:he|she|they|his|her|their|{alt(FAMILY)}|friend|partner|boss)(?:'s)?\b")
_HEALTH_IM = rx(
    rf"\b{_IM}\s+(?:\w+\s+)?(diabetic|asthmatic|epileptic|colou?r[\s-]?blind|"
    rf"deaf(?:\s+in\s+one\s+ear)?|hard\s+of\s+hearing|autistic|dyslexic|anemic|pregnant|"
    rf"nearsighted|farsighted|insomniac|in\s+a\s+wheelchair)\b"
)
_WEAR = rx(
    r"\bI(?:\s+|(?='))(?:wear|need)\s+(glasses|contacts|contact\s+lenses|hearing\s+aids?|"
    r"braces|a\s+retainer)\b"
)


def r_health(s: str, m: Msg) -> Iterator[Candidate]:
    said = False
    for pat in (_HEALTH_HAVE, _HEALTH_IM, _WEAR):
        x = pat.search(s)
        if x:
            said = True
            neg = bool(re.search(r"\b(?:not|don't|n't)\s+(?:\w+\s+)?$", s[: x.start(1)]))
            v = x.group(1).lower()
            if pat is _WEAR:
                v = f"wears {v}"
            yield cand("health", v, s, negated=neg, confidence=0.75)
    if said:
        return
    # "my asthma's acting up", "I eat gluten free because of celiac": a first-person
    # sentence that names the condition as the speaker's own
    x = _HEALTH_MY.search(s) or (_HEALTH_CAUSE.search(s) if FIRST.search(s) else None)
    if (
        x
        and not _NEG_BEFORE.search(s[: x.start()] + " ")
        and not _OTHER_BEFORE.search(s[: x.start()])
    ):
        yield cand("health", x.group(1).lower(), s, confidence=0.65)


_DIET_IM = rx(
    rf"\b{_IM}\s+(?:a\s+|an\s+)?(?:strict\s+|full\s+|mostly\s+|basically\s+|now\s+|"
    rf"still\s+)?({alt(DIETS)})\b|\bI(?:\s+|(?='))(?:eat|keep)\s+(halal|kosher|plant-based|"
    rf"paleo|keto|gluten[\s-]free|dairy[\s-]free)\b|\bI'm\s+on\s+(?:a|the)\s+(keto|paleo|"
    rf"low-carb|carnivore|vegan|mediterranean)\s+diet\b"
    # a change of diet: "I went vegetarian in January", "I've gone vegan"
    rf"|\bI(?:'ve|\s+have)?(?:\s+|(?='))(?:just\s+|recently\s+|finally\s+)?(?:went|gone|"
    rf"turned|became|become|switched\s+to)\s+(?:fully\s+|full\s+)?({alt(DIETS)})\b"
)
_NO_EAT = rx(
    r"\bI(?:\s+|(?='))(?:don't|do\s+not|never)\s+eat\s+(meat|pork|beef|red\s+meat|fish|seafood|"
    r"dairy|animal\s+products|chicken|eggs|sugar|carbs)\b"
)
_NO_DRINK = rx(
    r"\bI(?:\s+|(?='))(?:don't|do\s+not|never)\s+drink(?:\s+(alcohol|booze))?(?:\s+(anymore|"
    r"at\s+all))?\s*(?:[.,!;]|$)"
)


def r_diet(s: str, m: Msg) -> Iterator[Candidate]:
    x = _DIET_IM.search(s)
    if x:
        v = (x.group(1) or x.group(2) or x.group(3) or x.group(4)).lower()
        v = re.sub(r"\s+free$", "-free", v)
        neg = bool(re.search(r"\bnot\s+(?:an?\s+)?$", s[: x.start(1) if x.group(1) else x.start()]))
        yield cand("diet", v, s, negated=neg, confidence=0.85)
        return
    x = _NO_EAT.search(s)
    if x:
        yield cand(
            "diet",
            f"no {x.group(1).lower()} (doesn't eat {x.group(1).lower()})",
            s,
            confidence=0.75,
        )
        return
    x = _NO_DRINK.search(s)
    if x:
        yield cand("diet", "no alcohol (doesn't drink)", s, confidence=0.7)


_LANG = alt(LANGUAGES)
_SPEAK = rx(
    rf"\bI(?:\s+|(?='))(?:speak|'m\s+fluent\s+in|am\s+fluent\s+in|also\s+speak|can\s+speak|"
    rf"'m\s+learning|am\s+learning|grew\s+up\s+speaking)\s+((?-i:{_LANG})(?:(?:,\s*|\s+and\s+|"
    rf",\s+and\s+)(?-i:{_LANG}))*)"
)
# "she's from Seville so we only speak Spanish at hers": a language spoken with one's family
_WE_SPEAK = rx(
    rf"\b(?:we|my\s+family\s+and\s+I|me\s+and\s+my\s+\w+)\s+(?:only\s+|always\s+|mostly\s+)?"
    rf"speak\s+((?-i:{_LANG})|(?-i:{_LANG.lower()}))\s+(?:at\s+(?:home|hers|his|theirs|my\s+\w+'s)|"
    rf"together|with\s+(?:each\s+other|my\s+\w+))\b"
)
_NATIVE_LANG = rx(
    rf"\b((?-i:{_LANG}))\s+is\s+my\s+(?:first|native|mother)\s+(?:language|tongue)|"
    rf"\b{_IM}\s+a\s+native\s+((?-i:{_LANG}))\s+speaker"
)
_RELIGION = rx(
    rf"\b{_IM}\s+(?:a\s+|an\s+)?(?:practicing\s+|devout\s+|lapsed\s+|pretty\s+|"
    rf"very\s+)?({alt(RELIGIONS)})\b|\b{_IM}\s+(not\s+religious|not\s+very\s+religious|"
    rf"spiritual\s+but\s+not\s+religious)\b"
    rf"|^\W*as\s+an?\s+(?:practicing\s+|devout\s+)?({alt(RELIGIONS)})\b"
    rf"(?=[^.!?]*\b(?-i:I|I'm|I've)\b)"
)
_GENDER = rx(
    rf"\b{_IM}\s+(?:just\s+|only\s+)?an?\s+(?:(?:regular|normal|simple|grown|young|old|lucky|"
    rf"proud|single|tall|short|big|small|little)\s+)?(guy|girl|woman|man|dude|gal|boy|lady|"
    rf"(?:trans|cis)\s+(?:man|woman|guy|girl|dude|boy|lady))\b"
    rf"(?!\s+(?:of|dad|mom|person|child|scout))|\b{_IM}\s+(non-?binary|"
    rf"nonbinary|genderfluid|agender)\b"
    # "as a woman in tech I get talked over": the speaker's own "I" follows
    rf"|^\W*as\s+an?\s+(?:\w+[\s-]+years?[\s-]+old\s+)?((?:trans\s+|cis\s+)?(?:guy|girl|woman|"
    rf"man|dude|gal|lady))\b"
    rf"(?=[^.!?]*\b(?-i:I|I'm|I've)\b)"
    rf"|\bI\s+identify\s+as\s+(?:an?\s+)?((?:trans\s+)?(?:man|woman|guy|girl|male|female)|"
    rf"non-?binary|genderfluid|genderqueer|agender)\b"
)
_GENDER_MAP = {
    "guy": "male",
    "man": "male",
    "dude": "male",
    "boy": "male",
    "girl": "female",
    "woman": "female",
    "gal": "female",
    "lady": "female",
}


def r_misc(s: str, m: Msg) -> Iterator[Candidate]:
    x = _SPEAK.search(s)
    if x:
        learning = "learning" in x.group(0).lower()
        for lang in re.split(r",\s*(?:and\s+)?|\s+and\s+", x.group(1)):
            if lang:
                yield cand(
                    "language", lang + (" (learning)" if learning else ""), s, confidence=0.85
                )
    x = _WE_SPEAK.search(s)
    if x and not _SPEAK.search(s):
        lang = x.group(1)
        yield cand("language", lang[:1].upper() + lang[1:], s, confidence=0.75)
    x = _NATIVE_LANG.search(s)
    if x:
        yield cand("language", f"{x.group(1) or x.group(2)} (native)", s, confidence=0.85)
    x = _RELIGION.search(s)
    if x:
        named = x.group(1) or x.group(3)
        v = (named or x.group(2)).lower()
        v = v[0].upper() + v[1:] if named and v not in ("atheist", "agnostic") else v
        neg = bool(re.search(r"\bnot\s+(?:an?\s+)?$", s[: x.start(1)])) if x.group(1) else False
        yield cand("religion", v, s, negated=neg, confidence=0.8)
    x = _GENDER.search(s)
    if x and x.start() < 40:
        w = " ".join((x.group(1) or x.group(2) or x.group(3) or x.group(4)).lower().split())
        base = _GENDER_MAP.get(w.split()[-1])
        yield cand("gender", f"{base} ({w})" if base else w, s, confidence=0.6)


SENTENCE_RULES = (r_family, r_pets, r_allergy, r_phobia, r_health, r_diet, r_misc)
