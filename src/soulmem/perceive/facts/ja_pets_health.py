"""Japanese fact rules for pets, allergies, fears and health (used by soulmem.perceive.facts.ja)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulmem.perceive.facts.base import Candidate
from soulmem.perceive.facts.ja_lex import (
    ANIMALS,
    FAMILY,
    PERSONS,
    PHOBIA_NAMES,
    PHOBIAS,
    kanji_number,
)
from soulmem.perceive.facts.ja_text import HNP, KANJI, NP, NUM, WORD, Sent, cand, clean

__all__ = ["HEALTH_RULES"]

# ---------------------------------------------------------------- pets
_ANIMAL = rf"(?:[^\W\d_ぁ-ゖA-Za-z]{{0,8}}?{ANIMALS}|{ANIMALS})"
_PET_NAME = (
    rf"(?P<name>(?!名前)(?:(?:[ァ-ヴー]{{1,6}}|[ぁ-ゖ]{{1,5}}){KANJI}{{1,2}}|[ァ-ヴー]{{2,8}}|[ぁ-ゖ]{{2,6}}|"
    rf"{KANJI}{{1,3}}|[A-Za-z]{{2,10}})"
    r"(?:ちゃん|くん)?)"
)
_PET_KEEP = re.compile(
    rf"(?P<a>{_ANIMAL})(?:を|は)?(?:(?P<n>{NUM})(?:匹|羽|頭))?(?:飼って|飼い始め|飼っ)(?!な|ませ)"
)
_PET_HOME = re.compile(
    # ("家帰ったら文鳥が待ってて": the animal waiting at home)
    rf"(?P<loc>実家|うち|家|部屋)(?:に|で|へ)?(?:は|帰(?:ったら|ると|れば|宅すると))?(?:、)?\s*"
    rf"(?P<a>{_ANIMAL})(?:が|も)?"
    rf"(?:(?P<n>{NUM})(?:匹|羽|頭))?(?:いる|いて|います|おる|おり(?:ます|まして)|(?:起きて)?待って)"
)
# "うちのハリネズミが回し車で爆走", "実家の文鳥は弟たちより可愛い": an animal of the household
_PET_OWN = re.compile(
    rf"(?<![^\W\d_ぁ-ゖ])(?<!の)(?:(?:俺|私|僕|あたし|わたし)ん(?:ち|家)の|うちの|ウチの|我が家の|"
    rf"(?P<loc>実家)の)(?P<a>{ANIMALS})(?:たち|達)?(?:が|は|も|って|、|に|の(?:ごはん|ご飯|エサ|散歩|世話))"
)
_PET_LIVE = re.compile(
    rf"(?P<a>{_ANIMAL})(?:(?P<n>{NUM})(?:匹|羽|頭))?(?:と|を)(?:一緒に)?"
    r"(?:暮らして|住んで|同居|お迎えし|迎えて|迎えた|迎え入れ|引き取っ|譲り受け)"
)
_PET_OURS = (
    re.compile(
        rf"うちの(?:(?P<loc>実家)の)?(?P<a>{_ANIMAL})(?:の|、)\s*{_PET_NAME}"
        r"(?:は|が|も|って|ちゃん|くん|、|。|!|$)"
    ),
    re.compile(
        rf"うちの(?:(?P<loc>実家)の)?{_PET_NAME}(?:ちゃん|くん)?(?:も|は)\s*(?P<a>{_ANIMAL})(?:だ|です|なん|なの)"
    ),
    re.compile(rf"{_PET_NAME}(?:って|という)(?:名前の)?(?P<a>{_ANIMAL})(?:を|が)?(?:飼|いる|いて)"),
    # "インコのピーちゃんがうちのアイドル": a named animal called a member of the household
    re.compile(
        rf"(?P<a>{_ANIMAL})の{_PET_NAME}(?:が|は|って|こそ)(?:うちの|我が家の)"
        r"(?:アイドル|癒し|看板|家族|末っ子|ボス|主|姫|王子|お姫様|長男|長女)"
    ),
)
_PET_NAMINGS = (
    # "黒猫の名前ね、タビっていうの"
    re.compile(
        rf"名前(?:は|が|ね|はね|って|ですが|だけど|なんですが|(?<=、名前)(?=[ぁ-ゖァ-ヴー]{{2,8}}(?:[^\wー]|$)))"
        rf"[、\s]*{_PET_NAME}"
        r"(?:って|と|です|だよ|。|!|$|、|なの|ちゃん|くん|っていう|という|\s|[^\w])"
    ),
    re.compile(rf"{_PET_NAME}(?:って|と)(?:いう名前|名前|名付け)"),
)


# a sentence that is only the name (``ぽんず、っていうの``), after the pet's name came up
_PET_NAME_BARE = re.compile(
    rf"^{_PET_NAME}、?(?:って|と)(?:いう|言う|いいます)(?:んです|んだ|の|よ|です|ん)?[^\w]*$"
)
# "この子な、おはぎっていうんだ": the pet just told of, pointed at and named
_THIS_ONE = re.compile(
    rf"^(?:この|その|うちの)子(?:な|ね|は|さ)?、?\s*{_PET_NAME}(?:って|と)(?:いう|言う|いいます|名付け)"
)


_PET_NAME_ALONE = re.compile(rf"^{_PET_NAME}(?:です|だよ|ね|よ)?[。!\s]*$")


def _pet_naming(text: str) -> re.Match[str] | None:
    for regex in _PET_NAMINGS:
        m = regex.search(text)
        if m:
            return m
    return None


_NO_PET = re.compile(
    rf"(?P<a>ペット|{_ANIMAL})(?:は|を|とか|も)?(?:飼って|飼っ|い)(?:ない|ません|なかった)"
)
_PET_FORM = re.compile(
    r"^(?:(?P<loc>.+?)の)?(?P<a>[^「（]+?)(?:「(?P<name>[^」]+)」)?(?:（(?P<loc2>[^）]+)）)?$"
)


_GENERIC = {
    "dog": {"ワンコ", "わんこ", "ワンちゃん", "わんちゃん", "犬", "いぬ", "イヌ"},
    "cat": {"猫", "ねこ", "ネコ", "にゃんこ", "ニャンコ"},
}
_OTHER_KIND = {
    "dog": "猫|ねこ|ネコ|鳥|インコ|ハムスター|うさぎ|ウサギ|亀|カメ|魚",
    "cat": "犬|柴|プードル|ワン",
}


def _pet_value(animal: str, loc: str | None, name: str | None) -> str:
    if name:
        return f"{loc}の{animal}「{name}」" if loc else f"{animal}「{name}」"
    return f"{animal}（{loc}）" if loc else animal


def _merge_pet(s: Sent, animal: str | None, loc: str | None, name: str | None) -> Candidate:
    """A pet value merged with the matching current one (refine) or a new one (set)."""
    for value in reversed(s.context.current.get("pet", ())):
        m = _PET_FORM.match(value)
        if not m:
            continue
        old_animal, old_name = m.group("a"), m.group("name")
        old_loc = m.group("loc") or m.group("loc2")
        same = (animal and (animal in old_animal or old_animal in animal)) or (
            name and old_name == name
        )
        # "うちのワンコの名前": a word for any dog, for the breed told before
        kind = next((k for k, words in _GENERIC.items() if animal in words), None)
        if kind and old_name is None and not re.search(_OTHER_KIND[kind], old_animal):
            same = True
        if same or (animal is None and old_name is None):
            merged = _pet_value(old_animal, loc or old_loc, name or old_name)
            return cand("pet", merged, s, mode="refine" if merged != value else "set")
    return cand("pet", _pet_value(animal or "ペット", loc, name), s)


_HOUSEMATE = re.compile(
    r"(?:家|うち|部屋)に[^。!?]{0,12}?(?:同居人|家族|相棒|子)が?(?:いる|います)"
)
_KIND_OF_HOUSEMATE = re.compile(rf"^(?P<a>{_ANIMAL})(?:なんだ|なの|だよ|です|で)")


def _pets(s: Sent) -> Iterator[Candidate]:
    t = s.text
    m = _NO_PET.search(t)
    if m and not s.other_at(m.start()):
        yield cand("pet", m.group("a"), s, negated=True)
        return
    for regex in _PET_OURS:
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            yield _merge_pet(s, m.group("a"), m.groupdict().get("loc"), m.group("name"))
            return
    # "家にちっちゃい同居人いるんだ🐹 ジャンガリアンハムスターなんだけど": what lives at home
    mk = _KIND_OF_HOUSEMATE.match(t) if _HOUSEMATE.search(s.before[-60:]) else None
    if mk:
        yield _merge_pet(s, mk.group("a"), None, None)
        return
    for regex in (_PET_KEEP, _PET_HOME, _PET_LIVE, _PET_OWN):
        m = regex.search(t)
        if m and not s.other_at(m.start()):
            animal = m.group("a")
            count = m.groupdict().get("n")
            if count and (kanji_number(count) or 1) > 1:
                animal = f"{animal}{count}匹"
            loc = m.groupdict().get("loc")
            loc = loc if loc in ("実家",) else None
            name_m = _pet_naming(t)
            yield _merge_pet(s, animal, loc, name_m.group("name") if name_m else None)
            return
    # "うちの家、柴犬おんねん。こむぎっていうねん": the animal just told of, named bare
    last = re.split(r"(?<=[。!?])", s.before.rstrip())[-2:] if s.before else []
    found = (
        f
        for x in last[::-1]
        for r in (_PET_HOME, _PET_KEEP, _PET_OWN)
        if (f := r.search(x)) and not s.other_topic(x[: f.start()])
    )
    told = next(found, None)
    bare = _PET_NAME_BARE.match(t) if told else None
    if told and bare and not re.fullmatch(f"{PERSONS}|{FAMILY}", bare.group("name")):
        loc = told.groupdict().get("loc")
        yield _merge_pet(s, told.group("a"), loc if loc == "実家" else None, bare.group("name"))
        return
    mt = _THIS_ONE.match(t)
    unnamed = [v for v in s.context.current.get("pet", ()) if "「" not in v]
    said = s.before[-40:] + "".join(s.context.previous_user_texts[-1:])[-80:]
    if mt and unnamed and re.search(_ANIMAL, said):
        yield _merge_pet(s, None, None, mt.group("name"))
        return
    m = _pet_naming(t)
    near = t if re.search(_ANIMAL, t) else s.before[-30:] + t  # "保護犬を迎えたの。名前はハナ"
    if m and not re.search(_ANIMAL, near) and re.match(r"名前(?:は|が)", t):
        # "あと実家に柴いるの🐕" ... "名前はこむぎ！": the animal of the message before
        near = "".join(s.context.previous_user_texts[-1:])[-80:] + near
    if m is None and re.search(r"名前", s.before[-30:]):  # "…インコの名前。ぽんず、っていうの"
        m, near = _PET_NAME_BARE.match(t), s.before[-30:]
        # "うちの柴の名前言ってなかった。こてつ": the name alone, after the animal's 名前
        owed = re.search(rf"{_ANIMAL}の名前[^。!?]{{0,8}}?(?:言って|言い忘れ|教えて|伝えて)", near)
        if m is None and owed and not s.other_topic(near[: owed.start()]):
            m = _PET_NAME_ALONE.match(t)
            m = None if m and re.fullmatch(f"{PERSONS}|{FAMILY}", m.group("name")) else m
    if m and not s.other_at(m.start()):
        am = re.search(_ANIMAL, near)
        pet_talk = am or re.search(r"さっき|前に|うちの子", near + t)
        # the animal named with the user's own (うちの, 飼って) needs no earlier pet
        own = am and re.search(r"うちの|うちに|飼って|家の|家に|さっき", near)
        if pet_talk and (s.context.current.get("pet") or own):
            yield _merge_pet(s, am.group(0) if am else None, None, m.group("name"))


# ---------------------------------------------------------------- allergy, phobia, health
_ALLERGY = re.compile(
    rf"(?P<v>{HNP})(?:の|に)?(?:アレルギー|アレ持ち)(?!は?(?:特に|全然|何も)?(?:ない|無い|なし))"
)
_ALLERGY_SYMPTOM = re.compile(
    rf"(?P<v>{HNP})(?:を|は)?(?:食べ|食っ|食う|飲|触|口にす)(?:ると|たら|ちゃうと|と)、?(?P<s>[^。!?]{{0,6}}?"
    r"(?:喉|のど|口|舌|唇|肌|体|全身|顔|目|お腹)(?:が|の中が|の奥が)?[^。!?]{0,14}?"
    r"(?:イガイガ|かゆ|痒|腫れ|はれ|赤く|ブツブツ|蕁麻疹|じんましん|息苦し|呼吸|ピリピリ|"
    r"チクチク|湿疹|発疹)[^。!?、]{0,8}?)(?=んだ|んです|から|ので|けど|のに|し(?:[、。!?]|$)|[、。!?]|$)"
)
_TRIGGER = re.compile(
    r"(?<!過ぎ)(?<!すぎ)(?:食べ|食っ|飲|口にし|口にす|触|触っ|吸っ|吸い込|刺され|嗅)"
    r"(?:ると|たら|ちゃうと|ちゃったら|ただけで|るだけで)|食うと|食べると|食えば|食べれば|飲めば"
)
_SYMPTOM = re.compile(
    r"ブツブツ|ぶつぶつ|じんましん|蕁麻疹|湿疹|発疹|腫れ|はれる|かゆ|痒|息が苦し|息苦し|呼吸|"
    r"イガイガ|赤く|真っ赤|痺れ|しびれ|アナフィラキシー|ショック|ピリピリ|咳が止まら|"
    r"くしゃみが止まら|鼻水が止まら|目が(?:かゆ|痒|腫)|救急車|病院送り"
)
_ITEM_SEP = re.compile(r"とか|、|,|・|(?<=[^\Wぁ-ゖ])(?:や|と|も)")
_DEMONSTRATIVE = re.compile(
    r"^(?:ああいう|そういう|こういう|あれ|それ|これ|あの辺|その辺|あの手|その手)"
)
_ITEM_JUNK = re.compile(
    r"(?:ああいう|そういう|こういう|あの辺|その辺|あの手|その手)(?:の|系|もの|やつ)?$|"
    r"(?:を|は|が|も|系|類|全般|全部|あたり|辺り|なんか|の類|とか)$"
)
_ATE = re.compile(r"(?:食べ|食っ|飲ん)(?:て|たら|た時|たとき)|(?:食べる|食う|飲む|口にする)と")
_REFUSED = re.compile(
    rf"(?P<v>{HNP})(?:だけは|だけが|は|が)?(?:ダメ|だめ|駄目|無理|NG|食べられない|食べれない)(?:で|なん|なの|。|!|$|、)"
)
_SELF_WORD = re.compile(r"^(?:私|わたし|僕|ぼく|俺|おれ|あたし|自分|うち)")
_ALLERGY_BY = re.compile(
    rf"(?P<v>{HNP})(?:で|のせいで)(?:全身|体中|顔|口|喉|のど|肌)?(?:が|に)?"
    r"(?:ブツブツ|じんましん|蕁麻疹|湿疹|腫れ|かゆく|痒く|アナフィラキシー)"
)


# "甲殻類だめなんです、食べると…", "キウイ出るとこは避けてほしい…食べたら…": the item refused
_REFUSAL_TAIL = re.compile(
    r"(?:だけ)?(?:は|が)?(?:ダメ|だめ|駄目|無理|NG)(?:なんです|なんだ|なの|なん|で|です|だよ)?[.…\s]*$"
    r"|(?:が)?(?:出る|入ってる|入った|使ってる)(?:とこ|所|店|の|もの)(?:だけ)?は?"
    r"(?:避けて|やめて|勘弁)[^、。]*$"
)


def _allergens(prefix: str) -> list[str]:
    """``俺、エビとかカニとか、ああいうの`` -> [エビ, カニ]: the items listed before a trigger."""
    items: list[str] = []
    for raw in reversed(_ITEM_SEP.split(prefix)):
        part = raw.strip()
        if not items and (refusal := _REFUSAL_TAIL.search(part)) and refusal.start() > 0:
            part = clean(part[: refusal.start()])
            if part and len(part) <= 12 and not re.search(r"[はがをにで]\S", part):
                items.append(part)
            break
        while part and (junk := _ITEM_JUNK.search(part)):
            part = part[: junk.start()].strip()
        if not part:
            continue
        if self_word := _SELF_WORD.match(part):  # "俺キウイ": the speaker, then the item
            rest = clean(part[self_word.end() :].lstrip("はもが、"))
            if rest and len(rest) <= 12 and not re.search(r"[はがをにで]\S", rest):
                items.append(rest)
            break
        # (not "駅の立ち食いで", "若い頃に": where or when it was eaten, not what)
        if len(part) > 12 or re.search(r"[はがをにで]\S|(?:で|に|へ|から|まで)$", part):
            break
        items.append(clean(part))
    return [i for i in reversed(items) if i]


def _allergy_symptom(s: Sent) -> Candidate | None:
    t = s.text
    for m in _TRIGGER.finditer(t):
        sm = _SYMPTOM.search(t, m.end(), m.end() + 24)
        if not sm or s.other_at(m.start()):
            continue
        items = _allergens(t[: m.start()])
        if not items:
            continue
        tail = re.match(r"(?:く|れ|い|み)?", t[sm.end() :])
        symptom = clean(t[m.end() : sm.end() + (tail.end() if tail else 0)])
        symptom = re.sub(r"^[、\s]+", "", symptom)
        return cand("allergy", f"{'・'.join(items)}（{symptom}）", s, confidence=0.8)
    # "蕎麦ダメなんだ。子どもの頃食べて喉腫れて": the symptom told after the food was refused
    ma = _ATE.search(t)
    if ma and _SYMPTOM.search(t, ma.end(), ma.end() + 24) and not s.other_at(ma.start()):
        refused = [clean(r.group("v")) for r in _REFUSED.finditer(s.before[-40:])]
        # "私キウイだけはダメで": the speaker, then the item
        item = _SELF_WORD.sub("", refused[-1]) if refused else ""
        item = re.sub(r"(?<=.)(?:入り|入ってるの|入ったの|系)$", "", item)  # "エビ入りは無理"
        if item:
            return cand("allergy", item, s, confidence=0.7)
    mb = _ALLERGY_BY.search(t)
    if mb and not s.other_at(mb.start()):
        value = clean(mb.group("v"))
        if value and not _SELF_WORD.match(value):
            return cand("allergy", value, s, confidence=0.7)
    return None


_NO_ALLERGY = re.compile(
    r"アレルギー(?:は|とか|も)?(?:特に|全然|何も)?(?:ない|無い|なし|ありません)"
)
_PHOBIA_NAMED = re.compile(rf"(?P<v>{WORD})恐怖症")
_PHOBIA_LEX = re.compile(
    rf"(?P<v>{PHOBIAS}(?:(?:とか|や|と|、)\s*{PHOBIAS})*)(?!の|を|に|で)(?:とか|系|全般|全部)?、?"
    r"(?:が|は|とか|だけは|って|も)?(?:(?!けど|でも|平気|大丈夫|好き|得意|なら)[^。!?]){0,10}?"
    r"(?:無理|ダメ|だめ|駄目|怖|こわ|苦手)"
)
_PHOBIA_ANY = re.compile(
    rf"(?P<v>{NP})(?:が|は)(?:本当に|ほんとに|めっちゃ|すごく|昔から)?(?:怖い|こわい|怖くて|こわくて)"
)
_PHOBIA_WHAT = re.compile(
    r"(?:ダメ|だめ|駄目|無理|苦手|怖い|こわい|恐怖|トラウマ)なの(?:は|が|って)、?\s*"
    r"(?P<v>[^。!?、]{1,16}?)(?:だ|です|かな|だね|なんだ|なの|。|!|$|、)"
)
_PHOBIA_REACT = re.compile(
    rf"(?P<v>{PHOBIAS})(?:に|で|だと|の中|とか|を見ると|に乗ると|に入ると)?[^。!?]{{0,10}}?"
    r"(?:パニック|過呼吸|息(?:が)?でき(?:ない|なく)|足(?:が)?すく|震えが|動けなく|鳥肌)"
)
_PHOBIA_TRAUMA = re.compile(rf"(?P<v>{NP})(?:が|は)(?:ちょっと|完全に|もう)?トラウマ")
_TIMID = re.compile(
    r"(?:私|僕|俺|うち|あたし|わたし|自分)?(?:は|って)?(?:本当に|ほんとに|すごい|めっちゃ)?(?:怖がり|ビビり|びびり|臆病)"
)
_PHOBIA_WORD = re.compile(PHOBIAS)
_HEALTH = re.compile(
    r"(?P<v>喘息|ぜんそく|糖尿病|腰痛|偏頭痛|片頭痛|貧血|低血圧|高血圧|持病|アトピー|不眠症|"
    r"パニック障害|腱鞘炎|花粉症|頭痛持ち|冷え性|乗り物酔い|うつ病|鬱病|適応障害|不安障害|"
    r"ADHD|ASD|発達障害|過敏性腸症候群|椎間板ヘルニア|ヘルニア)"
)
# "うつ病って診断された", "医者に逆流性食道炎って言われた": a diagnosis, whatever its name
_DIAGNOSED = re.compile(
    r"(?<![^\W\d_ぁ-ゖ])(?P<v>[^\W\d_ぁ-ゖ]{1,12}?(?:病|症|炎|障害|ヘルニア))"
    r"(?:って|と|だと)(?:診断|医者に言われ|病院で言われ)"
)


def _phobia_value(v: str) -> str:
    if v.endswith("恐怖症"):
        return v
    for head, name in PHOBIA_NAMES.items():
        if v.startswith(head) and re.search(r"ところ|所|とこ|闇|端|体", v):
            return f"{name}（{v}）"
    if v in ("高所", "閉所"):
        return f"{v}恐怖症"
    return v


def _health(s: Sent) -> Iterator[Candidate]:
    t = s.text
    if _NO_ALLERGY.search(t) and not s.other_at(t.find("アレルギー")):
        yield cand("allergy", "アレルギー", s, negated=True)
    else:
        allergen_named = False
        for m in _ALLERGY.finditer(t):
            value = clean(m.group("v"))
            # "実はえびアレルギー": the topic particle of the word before is not the allergen's
            if re.match(r"[はも][ぁ-ゖ]{2}", value) and re.search(rf"{KANJI}$", t[: m.start("v")]):
                value = value[1:]
            # "喉が腫れるアレルギー", "イガイガなるアレルギー": a verb, not an allergen
            if re.fullmatch(r"[ぁ-ゖ]+[るた]", value) or (
                re.fullmatch(r"[ぁ-ゖ]+[いくす]", value)
                and re.search(rf"(?:{KANJI}|[ァ-ヴー])$", t[: m.start("v")])
            ):
                continue
            if value and not s.other_at(m.start()) and value not in ("食物", "食べ物"):
                allergen_named = True
                yield cand("allergy", value, s, confidence=0.9)
        m2 = _ALLERGY_SYMPTOM.search(t)
        if m2 and _DEMONSTRATIVE.match(m2.group("v")):
            m2 = None
        if m2 and not s.other_at(m2.start()):
            value, symptom = clean(m2.group("v")), clean(m2.group("s"))
            value = _SELF_WORD.sub("", value) or value  # "俺キウイ食うと": the speaker, the item
            yield cand("allergy", f"{value}（{symptom}）", s, confidence=0.85)
        elif not allergen_named and (found := _allergy_symptom(s)):
            yield found
    m3 = _PHOBIA_NAMED.search(t)
    if m3 and not s.other_at(m3.start()):
        yield cand("phobia", _phobia_value(m3.group(0)), s, confidence=0.9)
    else:
        mw = _PHOBIA_WHAT.search(t)
        if mw and not s.other_at(mw.start()) and re.match(PHOBIAS, mw.group("v")):
            yield cand("phobia", _phobia_value(clean(mw.group("v"))), s, confidence=0.8)
            return
        # "私ほんとに怖がりで、ゴロゴロって雷が鳴り出すと布団にもぐる": a fear told by what happens
        timid = _TIMID.search(s.before[-40:] + t)
        mf = _PHOBIA_WORD.search(t) if timid else None
        # (not "怖がりだけど、お化け屋敷は平気")
        brave = re.search(r"平気|大丈夫|好き|得意|楽しい|へっちゃら", t[mf.end() :]) if mf else None
        if mf and not brave and not s.other_at(mf.start()) and not s.other_topic(s.before[-40:]):
            yield cand("phobia", _phobia_value(mf.group(0)), s, confidence=0.7)
            return
        m4 = (
            _PHOBIA_LEX.search(t)
            or _PHOBIA_ANY.search(t)
            or _PHOBIA_REACT.search(t)
            or _PHOBIA_TRAUMA.search(t)
        )
        # "あの目がこわい": a demonstrative points at something said before, not a fear named
        if m4 and t[max(0, m4.start() - 2) : m4.start()] in ("あの", "その", "この"):
            m4 = None
        if m4 and not s.other_at(m4.start()):
            value = re.sub(r"\s*(?:とか|や|、)\s*", "・", clean(m4.group("v")))
            if value and value not in ("それ", "あれ", "これ", "何", "本当", "ほんと"):
                yield cand("phobia", _phobia_value(value), s, confidence=0.8)
    md = _DIAGNOSED.search(t)
    if md and not s.other_at(md.start()):
        yield cand("health", clean(md.group("v")), s, confidence=0.8)
        return
    # the named condition, not the generic 持病 in front of it (``持病で偏頭痛がある``)
    named = [m for m in _HEALTH.finditer(t) if m.group("v") != "持病"]
    m5 = named[0] if named else _HEALTH.search(t)
    if (
        m5
        and not s.other_at(m5.start())
        and not re.match(r"(?:じゃ|では)?(?:ない|なく)", t[m5.end() :])
    ):
        subject = "allergy" if m5.group("v") == "花粉症" else "health"
        yield cand(subject, m5.group("v"), s, confidence=0.75)


HEALTH_RULES = (_pets, _health)
