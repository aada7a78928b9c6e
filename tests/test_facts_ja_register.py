"""Japanese fact rules on an older writer's polite register (keigo, 文語調) and the general
patterns behind the misreadings it showed: a place located by another, a generic place word,
a place or time phrase before a trigger, a filler before a favourite, a job told as a cause,
a friend's sentence carried on, an event "控えて" ahead, a saying before と申します."""

from __future__ import annotations

import pytest

from test_facts_ja import user_facts  # tests/ is on sys.path

# (message, subject, the whole value read)
READ = [
    # the place the clause ends on, not the one that locates it
    ("生まれは日本海に浮かぶ佐渡でございます。", "hometown", "佐渡"),
    ("生まれは瀬戸内海に浮かぶ小豆島です。", "hometown", "小豆島"),
    ("出身は京都の近くの宇治です", "hometown", "宇治"),
    ("出身は東京の近くの町です。", "hometown", "東京"),
    ("出身は福岡の博多だよ", "hometown", "福岡の博多"),
    ("私、生まれ育ったのは四万十川のほとりの小さな町なんです", "hometown", "四万十川"),
    # a food the body cannot take
    ("実は小生は蕎麦を一口も頂けぬ体質でございます。", "allergy", "蕎麦"),
    ("小麦を一切受け付けない体質なんです", "allergy", "小麦"),
    (
        "エビとかカニとか、食べると全身にじんましんが出る",
        "allergy",
        "エビ・カニ（全身にじんましん）",
    ),
    # a filler before the favourite
    (
        "食べ物の好みを申せば、何と申しましても鰤大根に勝るものはございません",
        "favorite_food",
        "鰤大根",
    ),
    ("なんといってもカレーに勝るものはない", "favorite_food", "カレー"),
    # a workplace said plainly
    ("銀行勤めの私には", "workplace", "銀行"),
    ("都内の商社勤務で", "workplace", "都内の商社"),
    # a food held back is a diet; the event ahead stays an event
    ("お酒を控えています", "diet", "お酒を控えている"),
    ("実は来月、右目の白内障の手術を控えております。", "upcoming_event", "手術（来月）"),
    # a name before と申します
    ("小生、大河内正臣と申す者にて、何分よろしく", "name", "大河内正臣"),
    ("小生、大河内正臣と申します。", "name", "大河内正臣"),
    ("田中かおると申します", "name", "田中かおる"),
    ("佐藤ひなたと言います", "name", "佐藤ひなた"),
    # a residence
    ("住所は津です", "current_residence", "津"),
    # Nagoya (and western) ている forms: 住んどって, しとります
    ("今は春日井に住んどって、近所のスーパーでパートしとります。", "current_residence", "春日井"),
    (
        "住んでんのは東区の元町。駅近いのだけが取り柄のボロアパートな",
        "current_residence",
        "東区の元町",
    ),
    ("引っ越したわ。東区のボロアパート更新しないで、手稲の借家に。", "current_residence", "手稲"),
    # single, said as what it is like
    (
        "彼女いない歴もう3年か？独り身なまら気楽だけどな",
        "relationship_status",
        "恋人なし（独り身なまら気楽）",
    ),
    ("私は看護師です。毎日忙しい。", "job", "看護師"),
]


@pytest.mark.parametrize(("text", "subject", "value"), READ)
def test_read(text: str, subject: str, value: str) -> None:
    assert value in user_facts(text, previous_user_texts=("hello",)).get(subject, [])


# (message, subject not read for the user)
DROPPED = [
    # a kind of place, not which one
    ("あの臭いが、島育ちの小生にはどうにも馴染めず", "hometown"),
    ("田舎育ちだから", "hometown"),
    ("港町の生まれです", "hometown"),
    ("生まれは海の近くの小さな町です", "hometown"),
    # where it was eaten is not what was eaten
    ("若い頃に一度、駅の立ち食いで口にしただけで全身に発疹が出て", "allergy"),
    # (not drinking, which is no allergy)
    ("お酒を頂けない体質でして", "allergy"),
    # work as a cause or a time, not the workplace
    ("これは長年の鉄道勤めの職業病かもしれませぬ", "workplace"),
    ("会社勤めの頃は忙しかった", "workplace"),
    ("長年の鉄道勤めで身についた", "workplace"),
    ("銀行勤めです", "name"),
    # the friend introduced first owns the subjectless sentence after
    (
        "先に申しました碁敵の幼馴染は、島田源一郎と申しまして、皆からは源さんと呼ばれております。"
        "島に残って漁師をしておりましたが、今は倅に船を譲り、悠々自適の身にございます。",
        "job",
    ),
    ("私の友達は看護師です。毎日忙しそう。", "job"),
    # an event ahead, not a food held back
    ("実は来月、右目の白内障の手術を控えております。", "diet"),
    ("来週に面接を控えてる", "diet"),
    ("結婚式を控えてます", "diet"),
    # a saying or a report before と申します
    ("若い時分の苦労は買ってでもせよと申します。", "name"),
    ("白内障の手術は十分程で済むと申しますが", "name"),
    ("医者は日帰りで済む簡単なものだと申しますが、どうにも落ち着きませぬ。", "name"),
    # "later", not a place
    ("新しい住所は追ってお知らせいたします。", "current_residence"),
    ("住所は後日お知らせします", "current_residence"),
    # what the message is, not a name
    ("報告です！この週末で引っ越し終わったがや〜。", "name"),
    ("ご相談です。", "name"),
    ("友達の家に遊びに行った。引っ越したばかりで、田中の家に。", "current_residence"),
]


@pytest.mark.parametrize(("text", "subject"), DROPPED)
def test_dropped(text: str, subject: str) -> None:
    assert subject not in user_facts(text, previous_user_texts=("hello",))


def test_the_known_allergen_not_the_place_it_was_eaten() -> None:
    """A whole message: the food named, then the story of eating it at a station stall."""
    facts = user_facts(
        "実は小生は蕎麦を一口も頂けぬ体質でございます。若い頃に一度、駅の立ち食いで"
        "口にしただけで全身に発疹が出て、危うく命を落とすところでした。",
        previous_user_texts=("hello",),
    )
    assert facts.get("allergy") == ["蕎麦"]


def test_a_name_said_right_after_a_pet_is_not_the_users() -> None:
    """ "あと実家に柴いるの🐕" ... "名前はこむぎ！": the name, said with no owner, is the dog's;
    "私の名前はひより" after the same message is the user's."""
    pet = "あと実家に柴いるの🐕 会いたすぎて禁断症状でてる"
    assert "name" not in user_facts(
        "名前はこむぎ！(写真) このもふもふ見て", previous_user_texts=(pet,)
    )
    said = user_facts("私の名前はひより", previous_user_texts=(pet,))
    assert said.get("name") == ["ひより"]
    assert user_facts("名前はひより！よろしく", previous_user_texts=("はじめまして！",)).get(
        "name"
    ) == ["ひより"]
