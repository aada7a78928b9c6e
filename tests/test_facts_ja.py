"""Japanese rule-based fact extraction (soulmem.perceive.facts.ja)."""

from __future__ import annotations

import pytest

from soulmem.perceive.facts import Candidate, FactContext
from soulmem.perceive.facts.extract import extract_facts
from soulmem.perceive.facts.ja import extract
from soulmem.perceive.facts.ja_lex import kanji_number


def run(text: str, **context: object) -> list[Candidate]:
    return extract(text, FactContext(**context))  # type: ignore[arg-type]


def user_facts(text: str, **context: object) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c in run(text, **context):
        if c.about == "user" and not c.negated and c.mode != "end":
            out.setdefault(c.subject, []).append(c.value)
    return out


# (message, subject, a substring the value must contain)
POSITIVE = [
    # name / nickname
    ("はじめまして、佐藤ゆうきです。よろしくね", "name", "佐藤ゆうき"),
    ("えっと、山本です。ヤマって呼んでください", "nickname", "ヤマ"),
    ("私の名前は高橋みのりっていうの", "name", "高橋みのり"),
    ("田中健太と申します", "name", "田中健太"),
    ("みんなからはケンって呼ばれてる", "nickname", "ケン"),
    # age
    ("私なんてまだ24歳だよ", "age", "24歳"),
    ("こう見えて三十二歳なんだ笑", "age", "32歳"),
    ("今年で30になるんだよね、早い", "age", "30歳"),
    ("俺もう41才のおっさんだから", "age", "41歳"),
    ("一応20代後半です", "age", "20代後半"),
    # birthday
    ("あとね、私、文化の日生まれなの", "birthday", "11月3日"),
    ("あとね、私、文化の日生まれなの", "birthday", "文化の日"),
    ("クリスマス生まれだからプレゼントが一回で済まされるの", "birthday", "12月25日"),
    ("誕生日は4月2日！覚えててね", "birthday", "4月2日"),
    ("実は七夕生まれなんだよね", "birthday", "7月7日"),
    ("元日生まれでお年玉と誕生日が一緒", "birthday", "1月1日"),
    ("5/14生まれのおうし座です", "birthday", "5月14日"),
    # height / blood / mbti / zodiac
    ("身長は158センチしかないの", "height", "158cm"),
    ("182cmあるから電車でよく頭ぶつける", "height", "182cm"),
    ("背が低くて150しかないんだよね", "height", "150cm"),
    ("友達にはよく『さすがO型、大雑把〜』って言われる", "blood_type", "O型"),
    ("血液型はABだよ、変わり者ってよく言われる", "blood_type", "AB型"),
    ("私A型だから几帳面なの", "blood_type", "A型"),
    ("MBTIはINFPだった", "mbti", "INFP"),
    ("ENTJってよく当たってると思う、私の性格", "mbti", "ENTJ"),
    ("蠍座の女だから嫉妬深いよ", "zodiac", "蠍座"),
    # handedness
    ("ペンもお箸も左手だから、ご飯のとき肘がぶつかる", "handedness", "左利き"),
    ("実は左利きなんだ", "handedness", "左利き"),
    ("サウスポーだから野球じゃ重宝された", "handedness", "左利き"),
    ("字は右で書くけど、箸は左で持つ", "handedness", "左利き"),
    # hometown / residence
    ("生まれも育ちも北海道の旭川だから寒さには強い", "hometown", "旭川"),
    ("出身は福岡の博多だよ", "hometown", "福岡"),
    ("熊本出身なんだけど、もう方言抜けちゃった", "hometown", "熊本"),
    ("沖縄生まれ沖縄育ちです", "hometown", "沖縄"),
    ("今は東京の中野でひとり暮らし", "current_residence", "中野"),
    ("横浜に住んでて、職場までは電車で40分", "current_residence", "横浜"),
    ("先月引っ越して今は吉祥寺", "current_residence", "吉祥寺"),
    ("大阪の天王寺に引っ越したばっかり", "current_residence", "天王寺"),
    ("名古屋在住のOLです", "current_residence", "名古屋"),
    # job / workplace / school
    ("仕事は文房具メーカーの営業。毎日歩き回ってる", "job", "文房具"),
    ("看護師してるから夜勤が多いの", "job", "看護師"),
    ("職業はWebデザイナーです", "job", "デザイナー"),
    ("駅前の本屋で働いてる", "workplace", "本屋"),
    ("保育園で保育士やってます", "job", "保育士"),
    ("早稲田大学に通ってて、今3年", "school", "早稲田大学"),
    ("専攻は心理学なんだ", "major", "心理学"),
    ("大学2年です！", "school", "大学2年"),
    # family
    ("実家に両親と3つ下の弟がいるんだけど", "family", "弟"),
    ("実家に両親と3つ下の弟がいるんだけど", "family", "4人家族"),
    ("姉が二人いて、私は末っ子", "family", "姉"),
    ("うちは5人家族で毎日うるさい", "family", "5人家族"),
    ("一人っ子だから兄弟に憧れる", "family", "一人っ子"),
    ("双子の妹がいます", "family", "妹"),
    # pets
    ("実家には柴犬がいてね、毎日写真が来るの", "pet", "柴犬"),
    ("猫を2匹飼ってるよ", "pet", "猫"),
    ("モカっていう名前のトイプードルを飼ってる", "pet", "モカ"),
    ("うちのハムスターのもちが可愛すぎる", "pet", "もち"),
    # allergy / phobia / health
    ("キウイ食べると喉がイガイガして腫れちゃうから", "allergy", "キウイ"),
    ("えびアレルギーだからお寿司は気をつけてる", "allergy", "えび"),
    ("そばを食べると全身に蕁麻疹が出るの", "allergy", "そば"),
    ("猫アレルギーなのに猫好きなんだよね", "allergy", "猫"),
    ("高いところほんと無理。観覧車でも半泣き", "phobia", "高所"),
    ("実は閉所恐怖症でエレベーターが苦手", "phobia", "閉所恐怖症"),
    ("虫が本当に怖くて夏は憂鬱", "phobia", "虫"),
    ("雷だけはどうしてもダメなの", "phobia", "雷"),
    ("喘息持ちだから走るのはきつい", "health", "喘息"),
    # food / drink
    ("疲れた日は絶対オムライス。ケチャップでハート描くまでがセット", "favorite_food", "オムライス"),
    ("好きな食べ物はカレーだよ", "favorite_food", "カレー"),
    ("ラーメンが大好きで週3で食べてる", "favorite_food", "ラーメン"),
    ("餃子が大好物なの", "favorite_food", "餃子"),
    ("落ち込んだ時はやっぱりチーズケーキ", "favorite_food", "チーズケーキ"),
    ("朝はブラックコーヒー3杯飲まないと目が開かない", "favorite_drink", "コーヒー"),
    ("毎晩ビール飲むのが生きがい", "favorite_drink", "ビール"),
    ("私は断然紅茶派", "favorite_drink", "紅茶"),
    ("今はもっぱらほうじ茶派", "favorite_drink", "ほうじ茶"),
    # music / color / season / movie / books
    ("休みの日はジャズかけながら一日中刺繍してる", "favorite_music", "ジャズ"),
    ("最近K-POPばっかり聴いてる", "favorite_music", "K-POP"),
    ("好きな音楽はクラシックかな", "favorite_music", "クラシック"),
    ("持ち物ほぼ黄色なの", "favorite_color", "黄色"),
    ("服も小物も全部青系で揃えてる。青が一番好き", "favorite_color", "青"),
    ("好きな色は紫！", "favorite_color", "紫"),
    ("冬が来るとテンション上がるタイプなの", "favorite_season", "冬"),
    ("秋が一番好きかも", "favorite_season", "秋"),
    ("夏になるとワクワクする", "favorite_season", "夏"),
    ("千と千尋はもう20回以上観てる", "favorite_movie", "千と千尋"),
    ("一番好きな映画はローマの休日", "favorite_movie", "ローマの休日"),
    ("『ショーシャンクの空に』は何度観ても泣ける", "favorite_movie", "ショーシャンクの空に"),
    ("寝る前にホラー小説読んで、怖くて眠れなくなる", "book_genre", "ホラー"),
    ("ミステリーばっかり読んでる", "book_genre", "ミステリー"),
    ("通勤中はいつもSF小説を読む", "book_genre", "SF"),
    # sport / hobby
    ("中学からずっと卓球やってて、今も週1で打ってる", "sport", "卓球"),
    ("高校までサッカー部だった", "sport", "サッカー"),
    ("週末はボルダリングに通ってる", "sport", "ボルダリング"),
    ("休みの日はジャズかけながら一日中刺繍してる", "hobby", "刺繍"),
    ("趣味はカメラと温泉巡り", "hobby", "カメラ"),
    ("最近プラモデルにハマってる", "hobby", "プラモデル"),
    ("休日は一日中ゲームしてる", "hobby", "ゲーム"),
    # dislikes
    ("毎朝の満員電車だけは何年乗っても慣れない。あれが世界で一番嫌い", "disliked", "満員電車"),
    ("ピーマンが苦手で食べられない", "disliked", "ピーマン"),
    ("雨の日が大嫌い", "disliked", "雨の日"),
    ("人の悪口だけは許せない", "disliked", "悪口"),
    # relationships
    ("彼氏いない歴3年だし", "relationship_status", "彼氏いない歴3年"),
    ("今彼氏はいないよ", "relationship_status", "恋人なし"),
    ("結婚して5年になる", "relationship_status", "既婚"),
    ("最近彼女と別れちゃった", "relationship_status", "恋人なし"),
    ("彼氏の颯太がね、優しいの", "partner", "颯太"),
    ("高校からずっと一緒の真帆って子がいて、もう家族みたいなもん", "best_friend", "真帆"),
    ("親友のあかりとは毎週電話してる", "best_friend", "あかり"),
    ("幼なじみの翔太とは今でも飲みに行く", "best_friend", "翔太"),
    ("リカは私の一番の親友", "best_friend", "リカ"),
    # situation
    ("来週の日曜に試験あるし、勉強しかない", "upcoming_exam", "来週の日曜"),
    ("来月TOEIC受けるんだ", "upcoming_exam", "TOEIC"),
    ("12月に宅建の試験がある", "upcoming_exam", "宅建"),
    ("来週の土曜に友達の結婚式がある", "upcoming_event", "結婚式"),
    ("駅前のカフェでバイトしてる", "part_time_job", "カフェ"),
    ("将来の夢は獣医になることなんだ", "goal", "獣医"),
    ("英語なら少し話せるよ", "language", "英語"),
]


@pytest.mark.parametrize(("text", "subject", "needle"), POSITIVE)
def test_positive(text: str, subject: str, needle: str) -> None:
    got = user_facts(text)
    assert any(needle in v for v in got.get(subject, [])), got


# messages that must not produce the given subject as a user fact (None: no user fact at all)
NEGATIVE = [
    ("ねえ、ミコの誕生日っていつ？", None),
    ("好きな食べ物は何？", None),
    ("私の誕生日っていつだっけ？", None),
    ("私って今いくつだっけ？", None),
    ("私の歳、もう一回言ってみて", None),
    ("実家の犬の名前は？", None),
    ("弟が最近やたら生意気でさ", None),
    ("真帆はケーキが好きなんだって", None),
    ("弟は22歳で、まだ大学生", "age"),
    ("お母さんは福岡出身", "hometown"),
    ("友達の彼氏がA型らしい", "blood_type"),
    ("源さんの誕生日は5月5日らしい", "birthday"),
    ("あ、見て、柴犬がいる！かわいい〜", "pet"),
    ("ペットは飼ってない", "pet"),
    ("アレルギーは特にないよ", "allergy"),
    ("水曜は仕事だから夜ならいいよ", "job"),
    ("明日仕事終わったら一緒に裏山行こうよ", None),
    ("テストおしまい！花火の後の屋台ってなんか寂しいね", None),
    ("ミコ、いちご好きだよね笑", None),
    ("陽太くんは雷が怖いんだって", "phobia"),
]


@pytest.mark.parametrize(("text", "subject"), NEGATIVE)
def test_negative(text: str, subject: str | None) -> None:
    got = user_facts(text)
    if subject is None:
        assert got == {}, got
    else:
        assert subject not in got, got


def test_negations_are_marked() -> None:
    pets = [c for c in run("ペットは飼ってない") if c.subject == "pet"]
    assert pets and all(c.negated for c in pets)
    allergies = [c for c in run("アレルギーは特にないよ") if c.subject == "allergy"]
    assert allergies and all(c.negated for c in allergies)


def test_age_correction_keeps_only_the_new_value() -> None:
    text = "最初に24歳って言ったけど、ちょっとサバ読んでた。ほんとは26歳です…"
    ages = [c.value for c in run(text) if c.subject == "age"]
    assert ages == ["26歳"]


def test_drink_switch_ends_the_old_and_sets_the_new() -> None:
    current = {"favorite_drink": ("ブラックコーヒー（朝3杯）",)}
    found = run(
        "最近コーヒーやめたんだ。胃が荒れちゃってさ。今はもっぱらほうじ茶派", current=current
    )
    drinks = [(c.mode, c.value) for c in found if c.subject == "favorite_drink"]
    assert drinks[-1] == ("set", "ほうじ茶")
    assert ("end", "コーヒー") in drinks
    assert not any("コーヒー" in v for m, v in drinks if m == "set")


def test_split_pet_is_refined() -> None:
    first = [c for c in run("ひとりって言っても、実家には柴犬がいてね") if c.subject == "pet"]
    assert [c.value for c in first] == ["柴犬（実家）"]
    later = run(
        "あ、さっき言った柴犬、名前はきなこっていうの",
        current={"pet": ("柴犬（実家）",)},
    )
    pets = [c for c in later if c.subject == "pet"]
    assert len(pets) == 1 and pets[0].mode == "refine"
    assert pets[0].value == "実家の柴犬「きなこ」"
    assert "name" not in {c.subject for c in later}


def test_a_name_after_a_pet_message_names_the_pet() -> None:
    later = run(
        "名前はこむぎ！(写真) このもふもふ見て",
        previous_user_texts=("あと実家に柴いるの🐕 会いたすぎて禁断症状でてる",),
        current={"pet": ("柴（実家）",)},
    )
    assert [(c.subject, c.value, c.mode) for c in later] == [
        ("pet", "実家の柴「こむぎ」", "refine")
    ]


def test_an_answer_is_not_a_self_introduction() -> None:
    got = user_facts("札幌です", previous_assistant_text="お生まれはどちらですか？")
    assert got == {"hometown": ["札幌"]}
    assert user_facts("福岡だよ", previous_assistant_text="どこ生まれなの？") == {
        "hometown": ["福岡"]
    }


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("大学は法政！社会学部の2年〜 課題まみれ", "法政"),
        ("大学は早稲田だよ", "早稲田"),
        ("大学は休学中です", None),
        ("高校は私立", None),
        ("大学は地元だよ", None),
    ],
)
def test_a_school_named_bare(text: str, school: str | None) -> None:
    assert user_facts(text).get("school") == ([school] if school else None)


def test_split_pet_with_other_words() -> None:
    later = run("前に話した猫ね、名前はタマっていうんだ", current={"pet": ("猫",)})
    pets = [c for c in later if c.subject == "pet"]
    assert pets and pets[0].mode == "refine" and pets[0].value == "猫「タマ」"


def test_split_exam_is_refined() -> None:
    first = [
        c
        for c in run("来週の日曜に試験あるし、彼氏いない歴3年だし")
        if c.subject == "upcoming_exam"
    ]
    assert first and "来週の日曜" in first[0].value
    later = run(
        "うん、今度連れてくる！あ、さっき言った試験ね、簿記2級なの。会社に取れって言われてて",
        current={"upcoming_exam": (first[0].value,)},
    )
    exams = [c for c in later if c.subject == "upcoming_exam"]
    assert len(exams) == 1 and exams[0].mode == "refine"
    assert "簿記2級" in exams[0].value and "来週の日曜" in exams[0].value


def test_the_place_alone_after_a_move_told_is_the_new_home() -> None:
    """ "引っ越した！先週末、蒲田に。": the verb left out; only after a move the user made."""
    current = {"current_residence": ("川口",)}
    got = run("報告！引っ越した！先週末、蒲田に。川口から荷物運ぶの地獄だった…", current=current)
    assert [(c.subject, c.value, c.mode) for c in got if c.subject == "current_residence"] == [
        ("current_residence", "蒲田", "set")
    ]
    assert user_facts("引っ越しました！やっと横浜へ！")["current_residence"] == ["横浜"]
    for text in ("友達が引っ越した！大阪に。", "来月引っ越す予定。大宮に。", "蒲田に。"):
        assert "current_residence" not in user_facts(text, current=current), text


def test_move_is_a_new_residence() -> None:
    found = run(
        "実は先週引っ越して、今は三鷹に住んでるんだ", current={"current_residence": ("中野",)}
    )
    values = [c.value for c in found if c.subject == "current_residence"]
    assert values and "三鷹" in values[-1]


def test_best_friend_not_other_facts_after_known() -> None:
    current = {"best_friend": ("真帆（高校からの親友）",)}
    assert user_facts("真帆はケーキが好きで、毎回頼むんだよね", current=current) == {}


def test_assistant_name_is_other() -> None:
    assert "birthday" not in user_facts("ミコの誕生日は2月11日なんだね", assistant_name="ミコ")


def test_several_facts_in_one_message() -> None:
    got = user_facts("来週の日曜に試験あるし、彼氏いない歴3年だし、休日の予定が勉強しかない")
    assert "upcoming_exam" in got and "relationship_status" in got


# held-out style: a different user, story and phrasing
HELD_OUT = [
    ("どうも、森川あおいです。あおいでいいよ", {"name": "森川あおい", "nickname": "あおい"}),
    ("実はもう三十五歳なんですよ、見えないってよく言われるけど", {"age": "35歳"}),
    ("こどもの日生まれだから、毎年鯉のぼりと一緒に祝われてた", {"birthday": "5月5日"}),
    ("地元は鹿児島で、桜島の灰に悩まされて育ったの", {"hometown": "鹿児島"}),
    ("今は大阪の梅田で彼氏と同棲中", {"current_residence": "梅田"}),
    ("市役所で働いてて、毎日窓口対応してる", {"workplace": "市役所"}),
    ("兄が一人と妹が一人いる、真ん中っ子です", {"family": "兄"}),
    ("うちの猫のミルク、もう15歳のおばあちゃん猫なの", {"pet": "ミルク"}),
    ("ピーナッツのアレルギーがあるから、お菓子の裏は必ず見る", {"allergy": "ピーナッツ"}),
    ("クモだけはほんとにダメ。見ただけで叫ぶ", {"phobia": "クモ"}),
    ("仕事終わりのハイボールが最高。毎日飲んじゃう", {"favorite_drink": "ハイボール"}),
    ("週末はいつもロードバイクで湖まで走ってる", {"sport": "ロードバイク"}),
    ("部屋も服もほとんどピンクなんだよね", {"favorite_color": "ピンク"}),
    ("夏が来るとテンション上がって毎週海行っちゃう", {"favorite_season": "夏"}),
    ("人混みが世界で一番嫌い", {"disliked": "人混み"}),
    ("小学校からの幼なじみの由香がいて、何でも話せる", {"best_friend": "由香"}),
    ("再来週の金曜に漢検2級受けるんだ", {"upcoming_exam": "漢検2級"}),
]


@pytest.mark.parametrize(("text", "expected"), HELD_OUT)
def test_held_out_style(text: str, expected: dict[str, str]) -> None:
    got = user_facts(text)
    for subject, needle in expected.items():
        assert any(needle in v for v in got.get(subject, [])), (subject, got)


def test_kanji_numbers() -> None:
    assert kanji_number("二十六") == 26
    assert kanji_number("十") == 10
    assert kanji_number("百二") == 102
    assert kanji_number("26") == 26
    assert kanji_number("歳") is None


def test_evidence_and_defaults() -> None:
    (c,) = [c for c in run("血液型はBだよ") if c.subject == "blood_type"]
    assert c.value == "B型" and c.about == "user" and c.evidence and c.mode == "set"


def test_quitting_a_job_ends_it_before_the_new_one() -> None:
    found = run("コンビニのバイト辞めて、今はカフェで働いてる")
    modes = [(c.mode, c.value) for c in found if c.subject == "part_time_job"]
    assert modes[0][0] == "end" and modes[-1] == ("set", "カフェ")


def test_partner_name_is_not_the_user_name() -> None:
    got = user_facts("彼氏できた！名前は蓮くん")
    assert "name" not in got and got.get("partner") == ["蓮"]


# phrasing families beyond the dev scenario (all invented, none from a scenario file)
GENERAL = [
    # name said twice, surname first
    ("どうも、西村です、西村隼人。", {"name": "西村隼人"}),
    (
        "はじめまして、長谷川です、長谷川みく。みくでいいよ",
        {"name": "長谷川みく", "nickname": "みく"},
    ),
    # age: a birthday coming up, round ages
    ("来週でとうとう40歳になるんだよね", {"age": "39歳"}),
    ("再来月でついに四十路だよ", {"age": "39歳"}),
    ("もうすぐアラフォーの仲間入りだわ", {"age": "39歳"}),
    ("いやもうアラサーだし無理はできない", {"age": "アラサー"}),
    ("25になったばっかなんだ", {"age": "25歳"}),
    ("やっとハタチになった", {"age": "20歳"}),
    # birthday on a named day
    ("節分生まれで豆まきが誕生日会だった", {"birthday": "2月3日"}),
    ("誕生日、ちょうどハロウィンなんだよね", {"birthday": "10月31日"}),
    ("七五三の日に生まれたんだって", {"birthday": "11月15日"}),
    # hometown
    ("私は青森の出なんだけど、もう津軽弁は抜けた", {"hometown": "青森"}),
    ("実家は新潟にあって、毎年米が届く", {"hometown": "新潟"}),
    ("道産子なので寒さには強い", {"hometown": "北海道"}),
    ("生粋の浜っ子だからね", {"hometown": "横浜"}),
    ("育ちは神戸だよ", {"hometown": "神戸"}),
    ("大分から上京してきて5年", {"hometown": "大分"}),
    # residence
    ("今は福岡住み", {"current_residence": "福岡"}),
    ("前は三鷹に住んでたけど、今は吉祥寺", {"current_residence": "吉祥寺"}),
    # height without the word 身長
    ("天井低い店だと頭ぶつけるんだよね、178あるから", {"height": "178cm"}),
    ("背が百六十センチしかなくて", {"height": "160cm"}),
    ("吊り革に頭が当たるの。192あると電車はつらい", {"height": "192cm"}),
    # job
    ("仕事は保育士ね。毎日泥だらけ", {"job": "保育士"}),
    ("職業は消防士かな。体力勝負", {"job": "消防士"}),
    ("今は病院で働いてる。看護助手。", {"job": "看護助手"}),
    ("今月から転職して、IT企業で働いてる。エンジニアの卵。", {"job": "エンジニア"}),
    ("春から転職して、今は市役所勤め。", {"job": "市役所"}),
    # family order
    ("兄が二人いて、私は末っ子長女です", {"family": "末っ子長女"}),
    ("三人兄弟の真ん中なんだよね", {"family": "真ん中"}),
    # pets
    ("家にインコいるの。よく喋るんだ", {"pet": "インコ"}),
    ("トカゲと暮らしてます", {"pet": "トカゲ"}),
    ("うちでフェレット飼ってて、毎朝起こされる", {"pet": "フェレット"}),
    # allergy told by its symptoms
    ("俺、そばとかああいうの食べるとじんましん出ちゃう", {"allergy": "そば"}),
    ("ナッツ類食べると息が苦しくなる体質で", {"allergy": "ナッツ"}),
    ("猫触ると目がかゆくなって止まらない", {"allergy": "猫"}),
    ("イカとかタコとか、ああいうの食べたら全身かゆくなるの", {"allergy": "タコ"}),
    # phobia
    ("逆に無理なのは、暗いとこ全般", {"phobia": "暗所恐怖症"}),
    ("暗いところだけは昔から無理", {"phobia": "暗所"}),
    ("ミミズとかナメクジとか、にょろにょろ系は全部ダメ", {"phobia": "ナメクジ"}),
    ("エレベーターに乗るとパニックになるんだよね", {"phobia": "エレベーター"}),
    ("ゴキブリがトラウマ", {"phobia": "ゴキブリ"}),
    # language
    ("スペイン語なら日常会話くらいはできるよ", {"language": "スペイン語"}),
    ("中国に留学してたから中国語はけっこう通じる", {"language": "中国語"}),
    # answers to an echoed question
    ("好物？カレー！毎日でもいける", {"favorite_food": "カレー"}),
    ("趣味？釣りかな", {"hobby": "釣り"}),
    ("彼氏？いるよ、付き合って3年", {"relationship_status": "恋人あり"}),
    # a pick out of a category
    ("飲み物は断然ルイボスティー派", {"favorite_drink": "ルイボスティー"}),
    ("音楽はもっぱらボサノバ。", {"favorite_music": "ボサノバ"}),
    ("映画は何と言ってもローマの休日", {"favorite_movie": "ローマの休日"}),
    ("季節なら秋一択", {"favorite_season": "秋"}),
    ("本はもっぱらミステリー", {"book_genre": "ミステリー"}),
    ("漫画は断然少年漫画派", {"book_genre": "少年漫画"}),
    # food / drink habits
    ("晩酌のお供はもっぱらハイボール", {"favorite_drink": "ハイボール"}),
    ("炭酸水しか飲まない", {"favorite_drink": "炭酸水"}),
    ("麦茶ばっかり飲んでる", {"favorite_drink": "麦茶"}),
    ("ラーメンなら毎日でもいける", {"favorite_food": "ラーメン"}),
    ("セロリが大の苦手", {"disliked": "セロリ"}),
    ("ローマの休日、もう十回は観た", {"favorite_movie": "ローマの休日"}),
    # music played, hobbies done
    ("作業中はずっとジャズ流してる", {"favorite_music": "ジャズ"}),
    ("料理しながらいつもシティポップかけてる", {"favorite_music": "シティポップ"}),
    ("休みの日はベランダで盆栽いじってる", {"hobby": "盆栽"}),
    ("暇さえあればギター弾いてる", {"hobby": "ギター"}),
    # relationships
    ("彼女とは遠距離で、向こうは福岡なんだ", {"relationship_status": "遠距離"}),
    ("恋人と同棲してもうすぐ1年", {"relationship_status": "同棲"}),
    ("彼氏絶賛募集中です", {"relationship_status": "恋人なし"}),
    # best friend introduced by name
    (
        "あと忘れちゃいけないのが村上ってやつ。中学からの親友で、今でも毎月会ってる",
        {"best_friend": "村上"},
    ),
    ("一番の友達は美咲かな", {"best_friend": "美咲"}),
    ("ユウタとは小学校からの腐れ縁", {"best_friend": "ユウタ"}),
    ("真琴っていう幼なじみがいて、なんでも話せる", {"best_friend": "真琴"}),
    # exam dates
    ("来月の第二日曜に大事な試験あるんだよ", {"upcoming_exam": "第二日曜"}),
    ("再来週の水曜にけっこう大事なテストがあるの", {"upcoming_exam": "再来週の水曜"}),
]


@pytest.mark.parametrize(("text", "expected"), GENERAL)
def test_general_phrasings(text: str, expected: dict[str, str]) -> None:
    got = user_facts(text)
    for subject, needle in expected.items():
        assert any(needle in v for v in got.get(subject, [])), (subject, got)


# other people's facts, questions and near misses stay silent
GENERAL_NEGATIVE = [
    ("女将さんは越後の出なんだって", None),
    ("あいつ、フクロウ飼ってるんだよ", None),
    ("あいつ消防士なんだけど、来月昇任試験なんだって", None),
    ("弟は来月30歳になる", None),
    ("姉は身長170あるんだよ", None),
    ("母がエビ食べると蕁麻疹出るの", None),
    ("友達の家に犬いるんだって", None),
    ("来週テストあるんだって、妹が", None),
    ("上は看護師、下は美容師で、姉二人とも堅実派だからさ", "job"),
    ("先輩が今月から転職して、今はIT企業で働いてる", None),
    ("今年で三十路だよ", "name"),
    ("遠距離恋愛とか絶対無理", "relationship_status"),
    ("雷の日に犬の散歩は無理", "phobia"),
    ("虫とかは全然平気", "phobia"),
    ("前はバイトしてたけど、今は仕事中", "current_residence"),
    ("英語は苦手だけど数学はできる", "language"),
    ("映画は昨日観たやつが微妙だった", None),
    ("好物？特にないかな", None),
    ("季節だといつが好き？", None),
    ("ひな祭りの日に雛人形飾ったよ", None),
    ("鴨居に頭ぶつけた", None),
    ("村上ってやつ、中学から一緒で今でも毎月飲んでる", "favorite_drink"),
]


@pytest.mark.parametrize(("text", "subject"), GENERAL_NEGATIVE)
def test_general_negative(text: str, subject: str | None) -> None:
    got = user_facts(text)
    if subject is None:
        assert got == {}, got
    else:
        assert subject not in got, got


def test_split_pet_with_a_mixed_script_name() -> None:
    later = run("さっき言ったインコね、名前はピー助っていうの", current={"pet": ("インコ",)})
    pets = [c for c in later if c.subject == "pet"]
    assert pets and pets[0].mode == "refine" and pets[0].value == "インコ「ピー助」"


def test_split_exam_named_later_with_another_phrasing() -> None:
    later = run(
        "前に言ってた試験だけど、宅建なんだよね", current={"upcoming_exam": ("試験（来週の土曜）",)}
    )
    exams = [c for c in later if c.subject == "upcoming_exam"]
    assert exams and exams[0].mode == "refine" and exams[0].value == "宅建の試験（来週の土曜）"


def test_job_correction_replaces_the_old_job() -> None:
    found = run(
        "前に美容師って言ったけど、先月辞めて今はカフェで働いてる。バリスタ見習い。",
        current={"job": ("美容師",)},
    )
    jobs = [c.value for c in found if c.subject == "job" and c.mode == "set"]
    assert jobs and "バリスタ" in jobs[-1] and "美容師" not in jobs[-1]


def test_moving_out_ends_the_old_residence() -> None:
    found = run("高円寺はもう引き払って、実家に戻った", current={"current_residence": ("高円寺",)})
    modes = [(c.mode, c.value) for c in found if c.subject == "current_residence"]
    assert ("end", "高円寺") in modes and modes[-1] == ("set", "実家暮らし")


# messages that must not give the user a fact: questions, other people's facts, denials
NOT_ABOUT_USER = [
    ("本名は何?", "name"),
    ("兄の本名は佐藤健太だよ", "name"),
    ("兄はゆうたって名前だよ", "name"),
    ("本名は蜜柑じゃないよ", "name"),
    ("「ぽん」ってあだ名の友達がいる", "nickname"),
    ("妹はまだ17だよ", "age"),
    ("もう10時だよ、寝なきゃ", "age"),
    ("今年30だっけ?", "age"),
    ("弟のたんじょうびは5月5日", "birthday"),
    ("男って単純だよね", "gender"),
    ("妹は女子高生です", "gender"),
    ("男、女、どっちでもいい", "gender"),
    ("男で、女で、って分けるのやめてほしい", "gender"),
    ("キリスト教、仏教、イスラム教の違いって面白いよね", "religion"),
    ("女の子っぽいって言われる", "gender"),
    ("兄はO型っぽいって言われる", "blood_type"),
    ("身長150ちょいの人がタイプ", "height"),
    ("背の高い人が好き、180", "height"),
    ("兄は東京生まれの大阪育ち", "hometown"),
    ("友達がクリスチャンなんだ", "religion"),
    ("仏教ってどういう教え?", "religion"),
    ("父がうつ病って診断された", "health"),
    ("友達の母国語は英語", "language"),
    ("母は肉は食べないようにしてる", "diet"),
    ("姉は駅前のスタバでバイトしてる", "workplace"),
    ("姉はIT企業で営業してる", "workplace"),
    ("兄は慶應の法学部に通ってる", "school"),
    ("学校は休みです", "school"),
    ("友達の彼氏の名前は拓海", "partner"),
    ("友達の彼氏の名前は拓海", "friend"),
    ("友達の嫁の名前は美咲", "spouse"),
    ("友達の誕生日プレゼント買った", "friend"),
    ("友達の推しはジミン", "favorite_artist"),
]


@pytest.mark.parametrize(("text", "subject"), NOT_ABOUT_USER)
def test_not_about_user(text: str, subject: str) -> None:
    found = run(text, previous_user_texts=("hello",))
    got = [c for c in found if c.subject == subject and c.about == "user" and not c.negated]
    assert not got, got


# (character's question, user's short reply, subject, a substring the value must contain)
REPLY_ANSWERS = [
    ("てか、いま何歳なの？", "34だよw", "age", "34歳"),
    ("誕生日っていつ？", "9月18日〜", "birthday", "9月18日"),
    ("どこの出身なんですか？", "鹿児島です", "hometown", "鹿児島"),
    ("身長何センチあるの？", "158！", "height", "158cm"),
    ("彼氏いるの？", "うん", "relationship_status", "恋人"),
]


@pytest.mark.parametrize(("asked", "reply", "subject", "needle"), REPLY_ANSWERS)
def test_short_reply_answers_the_question(
    asked: str, reply: str, subject: str, needle: str
) -> None:
    found = [c for c in run(reply, previous_assistant_text=asked) if c.subject == subject]
    assert found and needle in found[0].value, found
    assert found[0].about == "user" and found[0].confidence == 0.7
    assert found[0].evidence == reply


# (character's message, user's reply, subject the reply must not give the user)
REPLY_NOT_ANSWERS = [
    ("ねこちゃんは何歳なの？", "5歳", "age"),
    ("弟さんっていくつ？", "12", "age"),
    ("何歳なの？", "どう見える？", "age"),
    ("出身どこ？", "千葉だけど今は埼玉", "hometown"),
    ("血液型は？", "内緒♪", "blood_type"),
    ("私は京都出身なんだ。", "京都", "hometown"),
    ("仕事どうだった？", "疲れた", "job"),
    ("七夕生まれってロマンチックすぎん？", "大学は法政！", "hometown"),  # a birth date
]


@pytest.mark.parametrize(("asked", "reply", "subject"), REPLY_NOT_ANSWERS)
def test_short_reply_does_not_answer(asked: str, reply: str, subject: str) -> None:
    assert subject not in user_facts(reply, previous_assistant_text=asked)


def test_bare_reply_without_a_question_gives_nothing() -> None:
    assert user_facts("34だよ") == {}
    assert user_facts("34だよ", previous_assistant_text="何歳？")["age"] == ["34歳"]


@pytest.mark.parametrize(
    ("text", "subject", "value"),
    [
        ("出身は秋田です", "hometown", "秋田"),  # a place that begins with a season
        ("冬木市に住んでる", "current_residence", "冬木市"),
        ("秋から東京に住んでる", "current_residence", "東京"),  # a season with its particle
        ("趣味は寝ること", "hobby", "寝ること"),  # the と of こと does not split hobbies
    ],
)
def test_words_inside_values_are_kept(text: str, subject: str, value: str) -> None:
    assert user_facts(text).get(subject) == [value]


def test_a_birthplace_is_not_a_name() -> None:
    got = user_facts("大阪出身だよ")
    assert "name" not in got and got["hometown"] == ["大阪"]


@pytest.mark.parametrize(
    ("text", "subject", "value"),
    [
        ("ラジオ局で深夜番組のADやっとんねん", "job", "ラジオ局の深夜番組のAD"),
        ("ちなみに俺、ぴっちぴちの26やで", "age", "26歳"),
        ("前に26って言うたやん？あれ、嘘やねん。ほんまは33。", "age", "33歳"),
        ("先週から西荻住みやで", "current_residence", "西荻"),
        ("163やと背伸びしても指先かすりもせえへんねん", "height", "163cm"),
    ],
)
def test_kansai_dialect_is_read(text: str, subject: str, value: str) -> None:
    got = user_facts(text, previous_user_texts=("a", "b", "c"))
    assert got.get(subject) == [value] and "name" not in got


@pytest.mark.parametrize(
    "text",
    [
        "ダウンはやっぱ好きな色で選ぶわ",  # は + やっぱ: a particle and a filler, not a liked thing
        "俺、寒いほうが好きやねん",  # the tail of an adjective
        "うちの鳥の名前もう一回！",  # a request: the word 名前 is no pet name
        "うちの犬の名前言うてへんかったな",
        "先週から梅田住みやで",  # where one lives is no name
    ],
)
def test_no_stray_value(text: str) -> None:
    got = user_facts(text)
    assert "likes" not in got and "pet" not in got and "name" not in got


@pytest.mark.parametrize(
    ("text", "assistant", "subject"),
    [
        # the character's word said back, then a question to the character: nothing the user's
        ("剣道部かあ。ミコちゃんは何か部活やってた？", "剣道部の子たちがよく来るんですよ", "sport"),
        # a teasing "even though you work at X, you want Y?" about the character
        (
            "パン屋で働いてるのにパン屋巡りしたいの笑",
            "自分、休みの日はパン屋巡りっす！",
            "workplace",
        ),
    ],
)
def test_remark_on_the_character_gives_nothing(text: str, assistant: str, subject: str) -> None:
    got = user_facts(text, previous_user_texts=("a", "b", "c"), previous_assistant_text=assistant)
    assert subject not in got


def test_number_one_is_the_title_not_the_scene() -> None:
    got = user_facts(
        "映画好き？俺の一番はタイタニック、やな。あのラストの船のとこ、何回観ても泣くねん"
    )
    assert got.get("favorite_movie") == ["タイタニック"]


@pytest.mark.parametrize("text", ["高校は卒業して、今は大学生", "家は賃貸だよ", "家は駅から遠い。"])
def test_no_stray_residence(text: str) -> None:
    assert "current_residence" not in user_facts(text)


@pytest.mark.parametrize(
    "text",
    [
        # a job that describes the person named, not the speaker
        "で、さっきの人ね。蓮っていって、看護師やってる人。めっちゃ優しい",
        "大学でSEやってる先輩に相談した",
    ],
)
def test_a_job_of_the_person_named_after_it_is_not_the_users(text: str) -> None:
    assert "job" not in user_facts(text)


def test_the_clause_before_an_attribute_is_not_the_disliked_thing() -> None:
    got = user_facts("逆にパクチーは見るのも無理、あの匂いがダメ")
    assert set(got.get("disliked", [])) == {"パクチー"}


def test_standard_chau_is_not_read_as_kansai() -> None:
    from soulmem.perceive.facts.ja_kansai import standardise

    # the standard 〜ちゃう of a verb stays; Kansai ちゃう (違う) is rewritten
    for text in ("喉が腫れちゃうから怖いの", "つい食べちゃうんだよね", "見ちゃう"):
        assert "違" not in standardise(text), text
    assert standardise("ちゃうちゃう、大阪や") == "違う違う、大阪だ"
    got = user_facts("そうだ、キウイ食べると喉がイガイガして腫れちゃうから、フルーツは怖いの")
    assert any("腫れちゃう" in v for v in got.get("allergy", [])), got


def test_kyushu_and_nagoya_endings_are_read_standard_untouched() -> None:
    from soulmem.perceive.facts.ja_kyushu import standardise_kyushu

    assert standardise_kyushu("雨やけん、家におる") == "雨だから、家におる"
    assert standardise_kyushu("近いけん毎年行く") == "近いから毎年行く"
    assert standardise_kyushu("今日は寒いがや") == "今日は寒いじゃん"
    # standard Japanese (やばい, ちゃん names, せっけん, いけん of 〜といけん) stays as it is
    for text in (
        "それはやばい",
        "みっちゃん元気?",
        "せっけんで洗う",
        "貯めんといけんのに",
        "好きなんだ",
    ):
        assert standardise_kyushu(text) == text, text


def test_a_named_pet_or_a_reported_friend_is_not_the_user() -> None:
    # "X って名前" after a pet cue names the pet, not the user
    assert "name" not in user_facts("見て、うちの子!もちって名前🐱 かわいいでしょ")
    # a kana-named friend's words reported back are not the user's allergy
    assert "allergy" not in user_facts("みさきはそばアレルギーだけど、うどんなら行けるって言ってた")
    # "うちの店長が": the user's boss, not the user
    assert "health" not in user_facts("うちの店長が腰痛いってずっと言ってる")
    # someone else's part-time job, a partner's job
    assert "part_time_job" not in user_facts("友達のバイト、大変そう")
    assert "job" not in user_facts("彼氏できたよ。蓮っていって、消防士なんだ")
    assert "part_time_job" not in user_facts("バイト先が変わって、大変")


def test_a_person_introduced_first_owns_the_subjectless_sentences_after() -> None:
    # a coworker introduced, then described without a subject: not the user's age or home
    facts = user_facts("後輩に森というのがおりまして。三十一歳、札幌出身で、真面目な男です。")
    assert "age" not in facts and "hometown" not in facts
    assert facts.get("coworker") == ["森（後輩）"] or "coworker" not in facts
    facts = user_facts("上司の山本が大阪へ転勤になりましてね。広島出身で、酒に強い人です。")
    assert "hometown" not in facts and "upcoming_event" not in facts
    # "野村のやつ、…。かにアレルギーなんだそうです": hearsay about the colleague
    facts = user_facts("野村のやつ、宴会で青ざめてました。かにアレルギーなんだそうです。")
    assert "allergy" not in facts
    assert "pet" not in user_facts("同僚に佐藤ってのがいて。家でウサギを飼ってるそうです。")
    # 家内 is the wife: her favourite food and her name are not the user's
    assert "favorite_food" not in user_facts("家内の好物はたこ焼きでして。")
    facts = user_facts("家内は恵子といいます。")
    assert "name" not in facts and facts.get("spouse") == ["恵子（家内）"]
    # a vocative to the listener does not hand the next sentence to someone else
    assert user_facts("山田さん、訂正です。本当に三十八でした。年齢の話です。")["age"] == ["38歳"]


def test_idiom_values_are_not_junk() -> None:
    # a rank in a household joke, a climate, a kinship phrase, 歳 are not family or places
    assert "family" not in user_facts("うちは猫がおりまして、家族の序列では一番上です。")
    assert "hometown" not in user_facts("南国育ちだから暑さには強い")
    assert "hometown" not in user_facts("四人兄弟の末っ子で育ちました")
    assert "hometown" not in user_facts("早生まれは歳を数えるのが面倒です")
    # a pet's name given right after the pet came up is not the user's name
    assert "name" not in user_facts("そういえば猫の名前を言ってませんでした。もなかです。")
    # a height before 前の人 is the user's, not the person in front's
    assert user_facts("ワイ152だから前の人の背中しか見えん")["height"] == ["152cm"]
    # "週末は市民プールで水泳してる": the venue is not the hobby
    assert "プール" not in " ".join(user_facts("週末は市民プールで水泳してる").get("hobby", []))


# things said in passing (soulmem.perceive.facts.ja_implicit): habits, repeats, あれ
IMPLICIT = [
    ("やっと家に帰ってきた。高円寺の1Kなんだけど、壁が薄い", "current_residence", "高円寺"),
    ("実は引っ越しまして、中野から荻窪に移りました", "current_residence", "荻窪"),
    ("地元の松本のそばがやっぱり一番うまい", "hometown", "松本"),
    ("さっき姉から電話があって、長話しちゃった", "family", "姉"),
    ("朝イチで弟からLINE。2つ下で大学生やってる", "family", "2つ下の弟"),
    ("来月ミセスのライブ行くんだ、楽しみすぎる", "favorite_artist", "ミセス"),
    ("車でジャズ流してた。高校のときからずっと聴いてるんだよね", "favorite_music", "ジャズ"),
    ("気づいたらまたネイビーのシャツを選んでた", "favorite_color", "ネイビー"),
    ("ペンケースもノートも手帳も全部黄色なんだよね", "favorite_color", "黄色"),
    ("ミントグリーンの小物ってつい集めちゃう", "favorite_color", "ミントグリーン"),
    ("毎朝駅前でカフェラテ買うのがもう習慣になってる", "favorite_drink", "カフェラテ"),
    ("今日もミルクティーが沁みる〜", "favorite_drink", "ミルクティー"),
    ("疲れた日はやっぱりココアだね", "favorite_drink", "ココア"),
    ("仕事終わりのご褒美はレモンサワーって決めてる", "favorite_drink", "レモンサワー"),
    ("コーヒーが好き。これ飲まないと一日が始まらない", "favorite_drink", "コーヒー"),
    ("寒くなると、おでんのことしか考えられない", "favorite_food", "おでん"),
    ("今日も結局近所の店でラーメン食べちゃった", "favorite_food", "ラーメン"),
    ("『ハリー・ポッター』はもう10回は読んだ", "favorite_book", "ハリー・ポッター"),
    ("千と千尋を、何度目かわからないけどまた観返した", "favorite_movie", "千と千尋"),
    ("月2くらいで川のほうに渓流釣り行ってる", "hobby", "渓流釣り"),
    ("このポーチ、自分で刺繍したんだ", "hobby", "刺繍"),
    ("実は営業の田中さんのことちょっと気になってて", "relationship_status", "田中さん"),
    ("そば屋に誘われたけど、私それ食べると喉が腫れるアレルギーだから断った", "allergy", "そば"),
    ("セロリが入ってた。俺あれほんとムリ", "disliked", "セロリ"),
    ("俺178しかないから、棚の上が届かない", "height", "178cm"),
    ("背だけは無駄にありまして、185あります", "height", "185cm"),
    ("まだ23なのに腰が痛い", "age", "23歳"),
    ("実は私まだ18なんです", "age", "18歳"),
    ("梅の日に生まれたわけじゃないけど、七夕にひとつ年をとるの", "birthday", "7月7日"),
    ("一年でいちばん好きなのはやっぱり秋", "favorite_season", "秋"),
    ("一年で梅雨どきが一番落ち着くんです", "favorite_season", "梅雨"),
    ("サクラですよね?一番好きなお花です", "likes", "サクラ"),
    ("本音で話せるのは、大学の同期の松田って奴だけ", "best_friend", "松田"),
    ("夏フェスのチケット当たった!", "upcoming_event", "夏フェス"),
    ("うちのインコが朝からずっと鳴いてる", "pet", "インコ"),
    ("猫のタマはうちのボスです", "pet", "タマ"),
    ("実家の猫に会いたい", "pet", "猫"),
    ("気がついたら服が全部黒になってる", "favorite_color", "黒"),
    ("今日もいつものカフェでチャイ頼んじゃった", "favorite_drink", "チャイ"),
    ("隔週で陶芸教室通ってる", "hobby", "陶芸"),
    ("隣の席の佐藤くんのこと、最近なんか気になるんだよね", "relationship_status", "佐藤くん"),
    ("この前、新宿から中野に越してきたばかり", "current_residence", "中野"),
    ("俺が一番好きなのはラーメンかな", "favorite_food", "ラーメン"),
    ("イブ生まれなんだ、私", "birthday", "12月24日"),
    ("でも実家の柴犬は本当にかわいい", "pet", "柴犬"),
    ("昨日るるちゃんの歌枠リアタイしてたら寝不足", "likes", "るる"),
    ("お茶請けなら、私の中ではどら焼きに勝るものはない", "favorite_food", "どら焼き"),
    ("私の中では、かもめの玉子に勝るものはない", "likes", "かもめの玉子"),
]


@pytest.mark.parametrize(("text", "subject", "value"), IMPLICIT)
def test_facts_said_in_passing(text: str, subject: str, value: str) -> None:
    values = user_facts(text, previous_user_texts=("x", "y", "z")).get(subject, [])
    assert any(value in v for v in values), (text, subject, user_facts(text))


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        # someone else's, or nothing at all
        ("地元の友達と飲んでた", "hometown"),
        ("彼氏の妹から連絡きた", "family"),
        ("友達のライブのチケット当たった", "favorite_artist"),
        ("家帰った。会社の寮なんだけどさ", "current_residence"),
        ("帰ったら部屋が寒い。普通のアパートだからね", "current_residence"),
        ("また弟がケーキ食べた", "favorite_food"),
        ("3つ下で看護師やってて、夜勤明けに長文で愚痴ってくる", "job"),
        ("みのりに彼氏ができたんだって", "relationship_status"),
        ("姉に彼氏ができたらしい", "relationship_status"),
        ("瀬名さんと話したら、ESTJって言ってました", "mbti"),
        ("えっ店長さん結婚してるんですか!?", "relationship_status"),
        ("取引先の店主がさ、柴犬飼ってて", "pet"),
        ("友達のうちの猫が可愛い", "pet"),
        ("昨日やっと夜に走りはじめた", "hobby"),
        ("近所にカフェが多くて、ちょっと好きになりそう", "likes"),
        ("あの目がこわいんですよ", "phobia"),
        ("ハンバーグ好きなの可愛すぎて無理", "favorite_food"),
        ("雨の音を聞きながら本を読む", "favorite_music"),
        ("彼にとってはあの店に勝るものはない", "likes"),
        ("この棚、自分で修理したんだ", "hobby"),
        ("喉が腫れるアレルギーで", "allergy"),
        ("息子もう20なのに全然自立しない", "age"),
        ("また弟がコーラ飲んだ", "favorite_drink"),
        ("佐藤くんのこと気になるの?", "relationship_status"),
        ("うちの猫が好きなのはまぐろ", "favorite_animal"),
        ("妹が好きなのはイチゴ", "favorite_food"),
        ("イブ生まれとは、それはそれで気の毒な。", "birthday"),
    ],
)
def test_no_fact_said_in_passing(text: str, subject: str) -> None:
    assert subject not in user_facts(text, previous_user_texts=("x", "y", "z")), text


def test_a_home_named_before_is_not_replaced_by_its_kind() -> None:
    facts = user_facts("今は東京の中野でひとり暮らし。駅から徒歩15分のボロアパート")
    assert facts.get("current_residence") == ["東京の中野（ひとり暮らし）"]


def test_a_named_pets_sentences_are_the_pets() -> None:
    current = {"pet": ("ハリネズミ「ちくわ」",)}
    facts = user_facts("ちくわがエサのミルワーム残してて心配", current=current)
    assert "hobby" not in facts
    # the name said after the pet came up, in a later message
    facts = user_facts(
        "前に言ったうちの夜行性のやつ、名前言ってなかったよね。もちっていうの。",
        current={"pet": ("ハリネズミ",)},
    )
    assert facts.get("pet") == ["ハリネズミ「もち」"]


def test_a_weak_food_telling_does_not_replace_a_favourite() -> None:
    facts = user_facts("今日もカレー食べた", current={"favorite_food": ("寿司",)})
    assert "favorite_food" not in facts and facts.get("likes") == ["カレー"]


@pytest.mark.parametrize(
    ("assistant", "text", "subject", "value"),
    [
        ("大学生かな?いくつ?", "20です!もう大人ですよ", "age", "20歳"),
        ("そういえばさっきの子猫、名前は?", "みかんです!弟がつけました", "pet", "猫「みかん」"),
        ("その親友って、なんて子?", "えっ、聞きます!? あ、さやかです!", "best_friend", "さやか"),
    ],
)
def test_answers_to_the_characters_question(
    assistant: str, text: str, subject: str, value: str
) -> None:
    current = {"pet": ("猫",)} if subject == "pet" else {}
    facts = user_facts(
        text,
        previous_assistant_text=assistant,
        previous_user_texts=("x", "y", "z"),
        current=current,
    )
    assert any(value in v for v in facts.get(subject, [])), facts
    assert "name" not in facts


def facts_with(text: str, current: dict[str, tuple[str, ...]], prev: str | None = None) -> set:
    found = extract(
        text,
        FactContext(previous_user_texts=("hello",), current=current, previous_assistant_text=prev),
    )
    return {(c.subject, c.value, c.mode) for c in found if c.about == "user"}


# (message, the current facts, (subject, value, mode) that must be read)
CORRECTIONS = [
    # a move: from the old place to the new one, either order, across a sentence break
    (
        "先週末引っ越した！川越から所沢に",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "先週末引っ越した！川越から所沢に",
        {"current_residence": ("川越",)},
        ("current_residence", "川越", "end"),
    ),
    (
        "この春、川越から所沢へ引っ越しました",
        {"current_residence": ("埼玉の川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "所沢に越してきたよ、川越から",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "報告！引っ越したの。\n今は所沢",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "引っ越しました。新居は所沢です",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "川越を出て、所沢に住み始めた",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "実は先月所沢に移り住んだんだ",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "川越はもう引き払って所沢に来た",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "引っ越し完了！所沢での新生活スタート",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    (
        "今は所沢住みになった",
        {"current_residence": ("川越",)},
        ("current_residence", "所沢", "set"),
    ),
    # a job quit and the next one, in one or two sentences
    (
        "パン屋のパート、先月いっぱいで辞めたのよ。で、今週から近所の歯医者さんで受付やってるの。",
        {"part_time_job": ("パン屋",)},
        ("part_time_job", "パン屋", "end"),
    ),
    (
        "パン屋のパート、先月いっぱいで辞めたのよ。で、今週から近所の歯医者さんで受付やってるの。",
        {"part_time_job": ("パン屋",)},
        ("workplace", "近所の歯医者", "set"),
    ),
    (
        "パン屋さんやめちゃった。今は花屋さんで働いてる",
        {"workplace": ("パン屋",)},
        ("workplace", "花屋", "set"),
    ),
    (
        "パン屋さんやめちゃった。今は花屋さんで働いてる",
        {"workplace": ("パン屋",)},
        ("workplace", "パン屋", "end"),
    ),
    (
        "ラーメン屋のバイト辞めた。で、来週から映画館でバイト決まった",
        {"part_time_job": ("ラーメン屋",)},
        ("part_time_job", "映画館", "set"),
    ),
    (
        "パン屋のバイトは今月で終わり。来月から塾講師やるんだ",
        {"part_time_job": ("パン屋",)},
        ("job", "塾講師", "set"),
    ),
    (
        "病院は先月で辞めて、今は保育士してる",
        {"workplace": ("市民病院",)},
        ("workplace", "病院", "end"),
    ),
    (
        "実は先月、転職したんだ。今はIT企業でエンジニア",
        {"job": ("看護師",)},
        ("job", "IT企業のエンジニア", "set"),
    ),
    # an age that was a lie
    ("ほんとは45なの…ごめんなさい", {"age": ("42歳",)}, ("age", "45歳", "set")),
    ("42っていうのは見栄で、ほんとは45なんだ", {"age": ("42歳",)}, ("age", "45歳", "set")),
    # a break-up, a favourite that changed, a pet that died
    ("けんたくんとは先月別れたんだ", {"partner": ("けんた",)}, ("partner", "けんた", "end")),
    ("彼女にフラれた", {"partner": ("ゆい",)}, ("partner", "恋人", "end")),
    (
        "最近は好きな食べ物がカレーに変わった",
        {"favorite_food": ("ラーメン",)},
        ("favorite_food", "カレー", "set"),
    ),
    (
        "最近コーヒーやめて紅茶派になった",
        {"favorite_drink": ("コーヒー",)},
        ("favorite_drink", "紅茶", "set"),
    ),
    ("ミケ、先月虹の橋を渡っちゃった", {"pet": ("猫「ミケ」",)}, ("pet", "猫「ミケ」", "end")),
    # a pet's name told after the pet
    (
        "さっきの黒猫の名前ね、タビっていうの。",
        {"pet": ("黒猫",)},
        ("pet", "黒猫「タビ」", "refine"),
    ),
    (
        "うちの柴の名前言ってなかった。こてつ",
        {"pet": ("柴犬",)},
        ("pet", "柴犬「こてつ」", "refine"),
    ),
]


@pytest.mark.parametrize(("text", "current", "want"), CORRECTIONS)
def test_corrections_are_read(text: str, current: dict, want: tuple[str, str, str]) -> None:
    assert want in facts_with(text, current)


# (message, the current facts, a subject that must get no new value)
NOT_A_CHANGE = [
    ("友達が川越から所沢に引っ越した", {"current_residence": ("川越",)}, "current_residence"),
    ("引っ越しの手伝いで友達の家に来た", {"current_residence": ("川越",)}, "current_residence"),
    ("アラフィフ目前って認めたくなかったのよ", {"age": ("45歳",)}, "age"),
    ("今年42よ。アラフォーど真ん中ってやつ", {}, "hometown"),
    ("うちの柴の名前言ってなかった。じいちゃん", {"pet": ("柴犬",)}, "pet"),
    ("そういえば先輩の猫の名前聞いてなかった。ぽてと", {"pet": ("柴犬",)}, "pet"),
    ("姉が彼氏と別れた", {"partner": ("けんた",)}, "partner"),
]


@pytest.mark.parametrize(("text", "current", "subject"), NOT_A_CHANGE)
def test_no_change_read(text: str, current: dict, subject: str) -> None:
    assert not any(s == subject and m == "set" for s, _, m in facts_with(text, current))
    assert not any(s == subject and m == "end" for s, _, m in facts_with(text, current))


# (message, subject, a substring the value must contain): round-two generalisations
ROUND_TWO = [
    (
        "ちゃんと自己紹介してなかったですよね。柏木奈緒子です、改めてよろしくお願いします",
        "name",
        "柏木奈緒子",
    ),
    ("てか名前ちゃんと言ってなかったよな。佐伯湊。みなとでいいよ", "name", "佐伯湊"),
    ("えー、年?やだ…今年42よ。アラフォーど真ん中ってやつ", "age", "42歳"),
    ("158しかないから、教室の上の棚のボウル取れなくて", "height", "158cm"),
    ("声だけだとよくちっちゃいと思われるけど182あるからな", "height", "182cm"),
    ("運動はそんな得意じゃないけどバドだけは好き", "sport", "バド"),
    ("苦手なのはパクチー。あれだけはほんとダメ", "disliked", "パクチー"),
    ("うち三姉妹の末っ子でさ", "family", "三姉妹の末っ子"),
    ("平日は駅前のパン屋さんでパートしてます。", "part_time_job", "駅前のパン屋"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_TWO)
def test_round_two_patterns(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert any(value in v for v in facts.get(subject, [])), facts


# (message, a subject that must not be read): others' facts, the listener's, questions
ROUND_TWO_NEGATIVE = [
    ("神戸出身なんですね!なんかおしゃれ", "hometown"),
    ("近所の高橋さんちの長男、今年高校受験なんですって。", "family"),
    ("陸斗んちのハムスター、大福って名前なんだけど", "pet"),
    ("高校からの親友に千尋って子がいてね、今は札幌で美容師やってるの。", "workplace"),
    ("高校からの親友に千尋って子がいてね、今は札幌で美容師やってるの。", "job"),
    ("えっ、料理の先生なのに!", "job"),
    ("うちのタビは台所には寄りつかないの。換気扇の音が嫌いみたい", "disliked"),
    ("あー、野菜嫌いの子多いもんね。", "disliked"),
    ("銀杏は家族が苦手だから、かまぼこで代用してるの", "disliked"),
    ("私が苦手って言ってた香草、なんだっけ?", "disliked"),
    ("毎回バスケ部?って聞かれる。帰宅部です", "name"),
    ("この箱、小さいけど150ある", "height"),
    ("残り150しかない、大きい出費だった", "height"),
]


@pytest.mark.parametrize(("text", "subject"), ROUND_TWO_NEGATIVE)
def test_round_two_negatives(text: str, subject: str) -> None:
    assert subject not in user_facts(text, previous_user_texts=("hello",))


def test_a_pick_within_a_kind_is_not_the_favourite() -> None:
    asked = "自分で買うケーキもご褒美よね！どんなケーキが好きなん？"
    found = facts_with("ワイはチーズケーキ派！", {"favorite_food": ("麻婆豆腐",)}, asked)
    assert ("likes", "チーズケーキ", "set") in found
    assert not any(s == "favorite_food" for s, _, _ in found)


# (message, subject, a substring the value must contain): picks, snacks, reads, allergies
ROUND_TWO_MORE = [
    ("好きな食べ物？麻婆豆腐。辛いは正義\n飲み物はドクペ一択", "favorite_food", "麻婆豆腐"),
    ("好きな食べ物？麻婆豆腐。辛いは正義\n飲み物はドクペ一択", "favorite_drink", "ドクペ"),
    ("嫌いなもの？セロリ。あれ食べ物じゃなくて草でしょ", "disliked", "セロリ"),
    ("映画ならサマーウォーズ\n毎年夏に見返してる", "favorite_movie", "サマーウォーズ"),
    ("ジブリなら断然耳すま。", "favorite_movie", "耳すま"),
    ("おやつは芋けんぴ一択なの。", "likes", "芋けんぴ"),
    ("冬になると編み物にハマるの。", "hobby", "編み物"),
    ("寝る前は宮部みゆきを読むのが至福の時間。", "favorite_book", "宮部みゆき"),
    ("休みの日は村上春樹の小説を読むのが楽しみ", "favorite_book", "村上春樹"),
    ("家は中2の息子がひとり。反抗期まっさかりで", "family", "息子がひとり"),
    ("キウイだけはダメなの。食べると口の中イガイガして腫れちゃうのよ", "allergy", "キウイ"),
    ("先輩って食べれないものある？\n俺キウイ食うと口の中イガイガすんの", "allergy", "キウイ"),
    ("旦那は名古屋に単身赴任中なの。", "situation", "名古屋に単身赴任"),
    ("れんこんのシャキシャキ大好き。", "likes", "れんこん"),
    ("そうそう、息子の名前言ってなかったわね。颯太っていうの。", "family", "息子「颯太」"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_TWO_MORE)
def test_round_two_more_patterns(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert any(value in v for v in facts.get(subject, [])), facts


ROUND_TWO_MORE_NEGATIVE = [
    ("好きな食べ物？麻婆豆腐。辛いは正義\n飲み物はドクペ一択", "favorite_food", "ドクペ"),
    ("キウイだけはダメなの。食べると口の中イガイガして腫れちゃうのよ", "disliked", "キウイ"),
    ("本なら図書館", "favorite_book", "図書館"),
    ("映画なら見たよ", "favorite_movie", "見"),
    ("娘に本を読むのが楽しみ", "favorite_book", "本"),
    ("友達の旦那は名古屋に単身赴任中", "situation", "名古屋"),
    ("ねえ下駄箱の一番上、152の私には全然届かないんだけど", "family", "一番上"),
    ("私は一番上だから", "name", "一番上"),
    ("友達の息子の名前言ってなかったね。颯太っていうの", "family", "颯太"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_TWO_MORE_NEGATIVE)
def test_round_two_more_negatives(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert not any(value in v for v in facts.get(subject, [])), facts


# round three: polite elderly speech, initials, hearsay about others
ROUND_THREE = [
    ("今は船橋に住まっております。", "current_residence", "船橋"),
    ("私は古希の三つ手前、67でしてね。", "age", "67歳"),
    ("私は還暦を過ぎて、63です。", "age", "63歳"),
    ("ちなみに私、節分の生まれでしてね。", "birthday", "2月3日"),
    ("38年、中学で理科を教えておりました。", "job", "理科の教師"),
    ("近所の塾で数学を教えています", "job", "数学の教師"),
    ("家内の澄江とは見合いでしてね、もう42年連れ添っております。", "spouse", "澄江"),
    ("孫は颯太と申しまして、これがやんちゃで。", "family", "颯太"),
    ("息子は健太っていいます", "family", "健太"),
    ("家帰ったら文鳥が待っててくれるのが救い", "pet", "文鳥"),
    ("通勤中ずっとback number聴いてる", "favorite_artist", "back number"),
    ("晩飯は鯖の味噌煮があれば文句なしでして。", "favorite_food", "鯖の味噌煮"),
    ("ビールさえあれば何もいらない", "favorite_drink", "ビール"),
    ("Fさんと付き合うことになりました", "relationship_status", "交際中"),
    ("野球はカープ一筋です。", "likes", "カープ"),
    ("寝る前の本は決まって藤沢周平です。", "favorite_book", "藤沢周平"),
    ("お酒はいつもビール", "favorite_drink", "ビール"),
    ("季節でいうと秋がいちばん好き", "favorite_season", "秋"),
    ("休みの日は家で編み物してる", "hobby", "編み物"),
    ("晩酌は芋焼酎のお湯割りと決めておりまして。", "favorite_drink", "芋焼酎のお湯割り"),
    ("今は寝る前に黒豆茶を一杯です。", "favorite_drink", "黒豆茶"),
    ("ただ私、蕎麦の実がいけない体質でしてね。", "allergy", "蕎麦"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_THREE)
def test_round_three_patterns(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert any(value in v for v in facts.get(subject, [])), facts


ROUND_THREE_NEGATIVE = [
    ("引っ越して最初の健診で、少々緊張しております。", "current_residence", "健診"),
    ("関東に住んでも心は赤いままでして。", "current_residence", "関東"),
    ("最近、人の名前が出てこないことが増えまして", "name", "出てこない"),
    ("野球はカープ一筋です。", "name", "カープ"),
    ("私、仙台出身なんだ", "name", "仙台"),
    ("紫陽花と軒の雨音を聞きながら打つ碁は格別です。", "favorite_music", "雨音"),
    ("全部で三回は読み返しましたかね", "favorite_book", "全部"),
    ("Fさん仙台出身なんだって", "hometown", "仙台"),
    ("うちの課長なんて大阪出身で、たこ焼き器自慢してくる", "hometown", "大阪"),
    ("友達に英語を教えてる", "job", "英語"),
    ("私は毎朝、30分歩きます", "age", "30"),
    ("実家に帰ったら犬がいた", "current_residence", "実家"),
    ("時間があれば最高", "likes", "時間"),
    ("友達の息子は健太っていいます", "name", "健太"),
    ("父は仕事一筋", "likes", "仕事"),
    ("荷造りを始めたら、本が段ボール四十箱になりました。", "hobby", "荷造り"),
    ("映画は決まって一人で観ます", "favorite_movie", "一人"),
    ("本はいつも図書館で借りる", "favorite_book", "図書館"),
    ("季節でいうと秋がいちばん好き", "favorite_season", "いうと"),
    ("休みの日はだいたいサ活\nサウナで全部リセットしてる", "hobby", "全部"),
    ("今は朝にご飯を一杯", "favorite_food", "ご飯"),
    ("Fさん、来月誕生日なんだって\n5月生まれ", "birthday", "5月"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_THREE_NEGATIVE)
def test_round_three_negatives(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert not any(value in v for v in facts.get(subject, [])), facts


def test_partner_known_by_initial_named_in_full() -> None:
    text = "Fさんと付き合うことになりました\nちなみにFさん、藤崎さんっていいます"
    facts = user_facts(text, previous_user_texts=("hello",))
    assert facts.get("partner", [])[-1:] == ["藤崎"], facts


def test_decade_does_not_replace_a_known_age() -> None:
    text = "でもさ、30代の恋愛ってどこまで期待していいのか分かんなくなる"
    facts = user_facts(text, previous_user_texts=("hello",), current={"age": ("34歳",)})
    assert "age" not in facts, facts


def test_quit_ends_a_known_drink_said_inside_a_longer_phrase() -> None:
    text = "長年の芋焼酎のお湯割りはきっぱりやめまして、今は寝る前に黒豆茶を一杯です。"
    found = run(
        text, previous_user_texts=("hello",), current={"favorite_drink": ("芋焼酎のお湯割り",)}
    )
    ended = [c.value for c in found if c.subject == "favorite_drink" and c.mode == "end"]
    assert ended and "黒豆茶" in user_facts(text, previous_user_texts=("hello",))["favorite_drink"]


def test_pet_name_said_with_desu_ga() -> None:
    text = "そうそう、うちの柴の名前ですが、小太郎と申しまして。"
    facts = user_facts(text, previous_user_texts=("hello",), current={"pet": ("柴犬",)})
    assert any("小太郎" in v for v in facts.get("pet", [])), facts


# round four: Kansai speech with うち as the first person, a polite speaker with emoji
ROUND_FOUR_POSITIVE = [
    ("キウイだけはあかんで、食べたら口ん中イガイガなるアレルギーやねん", "allergy", "キウイ"),
    (
        "私キウイだけはダメで😢 食べると喉がイガイガしてきちゃうアレルギーなんです",
        "allergy",
        "キウイ",
    ),
    ("エビだけはあかんねん、食べたら喉イガイガするアレルギーやから", "allergy", "エビ"),
    ("ちなみに実家は有田のほうでみかん作ってんねん。", "hometown", "有田"),
    ("実家は九州の方です", "hometown", "九州"),
    ("私、生まれ育ったのは四万十川のほとりの小さな町なんです🏞️", "hometown", "四万十川"),
    ("生まれ育ったんは富山やねん", "hometown", "富山"),
    (
        "しかも一人暮らし始めたばっかでな、六甲道のワンルーム。駅から坂きつい",
        "current_residence",
        "六甲道",
    ),
    ("今は横浜住まいです", "current_residence", "横浜"),
    (
        "あ、うち今日バイト帰りやねん。三宮の串カツ屋で週4入ってんねん。",
        "part_time_job",
        "串カツ屋",
    ),
    ("コンビニで週3入ってるんよ、バイトで", "part_time_job", "コンビニ"),
    (
        "串カツ屋、今月で辞めてん！ほんで来週から元町の古着屋でバイトすることになった",
        "part_time_job",
        "古着屋",
    ),
    ("実は私、今年で44になりまして…😅 アラフォーって言い張れるのもあと少し", "age", "44歳"),
    (
        "最初に44って言ったの、実はサバ読んでまして…本当は46なんです😂 つい2歳若く言っちゃう",
        "age",
        "46歳",
    ),
    ("うちもう21やし、夜カフェ一人で入るくらい余裕やねんで？ｗ 大人の女やからな", "age", "21歳"),
    ("うちは中2の息子と小5の娘がいて、毎朝戦争みたいなんです", "family", "中2の息子と小5の娘"),
    ("うちは小3の娘と年長の息子がいます😊", "family", "年長の息子"),
    ("うちはおかんとおとんと弟の4人家族やで", "family", "4人家族"),
    (
        "しかも主人が去年の春から名古屋に単身赴任中で、平日はワンオペなんです",
        "situation",
        "名古屋に単身赴任中",
    ),
    ("夫は今、札幌に単身赴任してます", "situation", "札幌"),
    ("えへへ、結婚してもう長いんですけどね😊", "relationship_status", "既婚"),
    (
        "体を動かすのも好きで、週1で体育館に通ってて、ママさんバレーのチームでレシーブ担当してるんです",
        "sport",
        "バレー",
    ),
    (
        "うちはクリープハイプしか勝たん人間やねんけど、この曲も落ち着くわ",
        "favorite_artist",
        "クリープハイプ",
    ),
    ("うちミントグリーン一択やねん、スマホケースも財布も全部", "favorite_color", "ミントグリーン"),
    ("あとお笑いもめっちゃ好きでな、見取り図の漫才見たら一発で元気出るねん", "likes", "見取り図"),
    ("あいみょんの曲聴くと元気出るんだよね", "favorite_artist", "あいみょん"),
    (
        "うちは夜は短し歩けよ乙女がいっちゃん好き。あれ読んで大学生に憧れた",
        "favorite_book",
        "夜は短し歩けよ乙女",
    ),
    ("でもな、ほんまの一番はとんぺい焼きやねん。", "favorite_food", "とんぺい焼き"),
    ("季節やったら断然冬派やな", "favorite_season", "冬"),
    ("家事のBGMはずーっとスピッツなんです🎶", "favorite_artist", "スピッツ"),
    ("ほんでもう一個趣味あってな、フィルムカメラ。中古の一眼やねん", "hobby", "フィルムカメラ"),
    ("食べ物だと、好物は茶碗蒸しなんです🥚", "favorite_food", "茶碗蒸し"),
    ("パクチーは絶対無理やわ", "disliked", "パクチー"),
    ("うち、辛いもんはほんまあかんねん", "disliked", "辛いもの"),
    ("姉ちゃんは背高いけど、うち168あるし", "height", "168cm"),
    ("あ、あと実家にフェレットおんねん！", "pet", "フェレット"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_FOUR_POSITIVE)
def test_round_four_positives(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert any(value in v for v in facts.get(subject, [])), facts


ROUND_FOUR_NEGATIVE = [
    ("ママ友の前ではつい3歳若く言っちゃう", "age", "3歳"),
    ("それとうちにはもう一人家族がいて、柴犬を飼ってるんです", "family", "1人家族"),
    ("その親友の家はインコを飼ってて", "best_friend", "家"),
    ("子どもたちはお囃子を聞くとテンション上がっちゃって", "favorite_artist", "お囃子"),
    ("次女がピアノを習い始めまして🎹", "hobby", "ピアノ"),
    ("友達は4人家族", "family", "4人家族"),
    ("妹はピンク一択", "favorite_color", "ピンク"),
    ("うちの妹、ミントグリーン一択やねん", "favorite_color", "ミントグリーン"),
    ("姉は嵐の曲聴くと元気出るらしい", "favorite_artist", "嵐"),
    ("母の声聞くと泣ける", "likes", "母"),
    ("コーヒーはもう無理、お腹いっぱい", "disliked", "コーヒー"),
    ("妹は納豆がダメ", "disliked", "納豆"),
    ("友達の旦那が名古屋に単身赴任中", "situation", "名古屋"),
    ("兄はコンビニで週3入ってる", "part_time_job", "コンビニ"),
    ("一人暮らしの友達の家、高円寺のアパートなんだけど", "current_residence", "高円寺"),
    ("あと好きな色も！", "likes", "あと"),
    ("仮住まいです", "current_residence", "仮"),
    ("喉が腫れるアレルギーなんだって", "allergy", "腫れる"),
    ("イガイガなるアレルギー", "allergy", "なる"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_FOUR_NEGATIVE)
def test_round_four_negatives(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert not any(value in v for v in facts.get(subject, [])), facts


def test_new_part_time_job_after_quitting_despite_a_boss_in_between() -> None:
    text = (
        "実は、パン屋さんのパート、先月いっぱいで辞めたんです🥲 店長さんが代わってシフトが"
        "合わなくなってしまって…それで来週から、家の近所の歯医者さんで受付のパートを始めることに"
        "なりました🦷✨"
    )
    current = {"part_time_job": ("駅前のパン屋",), "workplace": ("駅前のパン屋",)}
    found = run(text, previous_user_texts=("hello",), current=current)
    ended = {c.subject for c in found if c.mode == "end"}
    assert ended == {"part_time_job", "workplace"}, found
    assert any(
        "歯医者" in v for v in user_facts(text, previous_user_texts=("hello",))["part_time_job"]
    )


def test_quit_part_time_job_said_with_a_comma_ends_the_known_one() -> None:
    text = "串カツ屋、今月で辞めてん！ほんで来週から元町の古着屋でバイトすることになった〜！"
    found = run(
        text, previous_user_texts=("hello",), current={"part_time_job": ("三宮の串カツ屋",)}
    )
    assert any(c.subject == "part_time_job" and c.mode == "end" for c in found), found


def test_friend_named_in_the_next_message_after_sono_ko() -> None:
    before = (
        "凪さんのおかげやで！ …ほんでな、高校からの親友がおって、今は東京の大学行ってもうてん。"
    )
    facts = user_facts(
        "その子、ちひろっていうねんけど、来月こっち遊びに来るねん！", previous_user_texts=(before,)
    )
    assert facts.get("best_friend") == ["ちひろ"], facts
    facts = user_facts(
        "その人、田中っていうんだけど", previous_user_texts=("姉の親友がすごく面白くてさ。",)
    )
    assert "best_friend" not in facts, facts


def test_pet_pointed_at_then_named() -> None:
    facts = user_facts(
        "この子な、おはぎっていうねん。黒と茶色のまだらやから",
        previous_user_texts=("あ、あと実家にフェレットおんねん！",),
        current={"pet": ("フェレット（実家）",)},
    )
    assert any("おはぎ" in v for v in facts.get("pet", [])), facts
    facts = user_facts(
        "この子な、ゆうたっていうねん",
        previous_user_texts=("昨日友達の子供と遊んだ",),
        current={"pet": ("猫",)},
    )
    assert "pet" not in facts, facts


def test_generic_dog_word_names_the_known_breed() -> None:
    text = (
        "さっき話したうちのワンコの名前、まだ言ってなかったですね🐕 きなこっていうんです✨ 毛の色が"
    )
    facts = user_facts(text, previous_user_texts=("hello",), current={"pet": ("柴犬",)})
    assert facts.get("pet") == ["柴犬「きなこ」"], facts
    facts = user_facts(
        "うちの猫の名前はミケっていうの", previous_user_texts=("hello",), current={"pet": ("柴犬",)}
    )
    assert not any("柴犬" in v for v in facts.get("pet", [])), facts


def test_plain_liking_does_not_replace_a_stated_favourite() -> None:
    facts = user_facts(
        "わーい！卵好きやねん。",
        previous_user_texts=("hello",),
        current={"favorite_food": ("とんぺい焼き",)},
    )
    assert "favorite_food" not in facts and facts.get("likes") == ["卵"], facts
    facts = user_facts(
        "カレー大好き", previous_user_texts=("hello",), current={"favorite_food": ("とんぺい焼き",)}
    )
    assert facts.get("favorite_food") == ["カレー"], facts


def test_local_town_that_is_the_home_is_not_the_hometown() -> None:
    text = "あ、今週末は地元の川越で秋のお祭りがあって、山車がたくさん出るんです🏮"
    facts = user_facts(
        text, previous_user_texts=("hello",), current={"current_residence": ("小江戸の川越",)}
    )
    assert "hometown" not in facts, facts


def test_kansai_rewrites() -> None:
    from soulmem.perceive.facts.ja_kansai import standardise

    assert standardise("実家にフェレットおんねん") == "実家にフェレットいるんだ"
    assert standardise("納豆はほんまあかんねん") == "納豆は本当ダメなんだ"
    assert standardise("食べたらあかんで") == "食べたらダメだよ"
    assert standardise("季節やったら冬派") == "季節だったら冬派"
    assert standardise("犬飼うてる") == "犬飼ってる"
    assert standardise("かおんねん") != "かいるんだ"


ROUND_FOUR_MORE = [
    ("うち今年で22になんねん", "age", "22歳"),
    ("うち京都の大学で経済学部やねん", "major", "経済学部"),
    ("うちの彼氏、たくやっていうねん", "partner", "たくや"),
    ("好きな食べもんはたこ焼きやな", "favorite_food", "たこ焼き"),
    ("ゲームはスプラしか勝たん", "favorite_game", "スプラ"),
    ("趣味はパン作りなんです🍞", "hobby", "パン作り"),
    ("一番仲良しの友達は、高校の同級生の由美ちゃんなんです👭", "best_friend", "由美"),
]


@pytest.mark.parametrize(("text", "subject", "value"), ROUND_FOUR_MORE)
def test_round_four_more(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert value in facts.get(subject, [""])[-1], facts


@pytest.mark.parametrize(
    ("text", "subject", "value"),
    [
        ("彼氏、いないよ", "partner", "いない"),
        ("姉の彼氏、たくやっていうねん", "partner", "たくや"),
        ("妹の一番仲良しの友達は、ゆいちゃんなんです", "best_friend", "ゆい"),
        ("趣味はパン作りなんです", "hobby", "なん"),
    ],
)
def test_round_four_more_negatives(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert not any(value in v for v in facts.get(subject, [])), facts


def test_shop_called_with_san_is_not_a_person() -> None:
    text = "パン屋さんのパートは先月で終わりまして、今月から図書館でパートをしております📚"
    current = {"part_time_job": ("駅前のパン屋",), "workplace": ("駅前のパン屋",)}
    found = run(text, previous_user_texts=("hello",), current=current)
    assert {c.subject for c in found if c.mode == "end"} == {"part_time_job", "workplace"}
    assert any(c.value == "図書館" and c.mode == "set" for c in found), found


def test_quitting_part_time_work_ends_its_workplace() -> None:
    text = "実は先月、パートを辞めまして…😢 今はお花屋さんでパートを始めたところなんです💐"
    current = {"part_time_job": ("駅前のパン屋",), "workplace": ("駅前のパン屋",)}
    found = run(text, previous_user_texts=("hello",), current=current)
    assert any(c.subject == "workplace" and c.mode == "end" for c in found), found
    assert any(c.subject == "part_time_job" and c.value == "お花屋" for c in found), found


def test_job_quit_then_new_job() -> None:
    text = "事務の仕事を辞めて、今は保育士をしています👶"
    found = run(text, previous_user_texts=("hello",), current={"job": ("事務",)})
    assert [(c.value, c.mode) for c in found if c.subject == "job"] == [
        ("事務", "end"),
        ("保育士", "set"),
    ], found


def test_a_wish_to_quit_ends_nothing() -> None:
    current = {"job": ("事務",), "part_time_job": ("コンビニ",)}
    for text in ("仕事、辞めたい", "バイト辞めたらどうしよう"):
        found = run(text, previous_user_texts=("hello",), current=current)
        assert not any(c.mode == "end" for c in found), (text, found)


@pytest.mark.parametrize(
    ("text", "subject", "value"),
    [
        ("うち大学こっちやねん。心理学やっとる1回生！統計ばっかでしんどい", "major", "心理学"),
        ("経済学部の3回生です", "school", "3回生"),
        (
            "私ほんとに怖がりで、ゴロゴロって雷が鳴り出すと布団にもぐっちゃうんです⚡😱",
            "phobia",
            "雷",
        ),
    ],
)
def test_round_four_study_and_fear(text: str, subject: str, value: str) -> None:
    facts = user_facts(text, previous_user_texts=("hello",))
    assert any(value in v for v in facts.get(subject, [])), facts


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("妹は怖がりで、雷が鳴ると泣く", "phobia"),
        ("私は怖がりなの", "name"),
        ("私は心配性なの", "name"),
    ],
)
def test_round_four_study_and_fear_negatives(text: str, subject: str) -> None:
    assert subject not in user_facts(text, previous_user_texts=("hello",))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("うちの家、柴犬おんねん。こむぎっていうねん", "柴犬「こむぎ」"),
        ("犬飼ってる。ポチっていうんだ", "犬「ポチ」"),
        ("うちに猫がいるんです。名前はミケです", "猫「ミケ」"),
    ],
)
def test_pet_told_then_named_in_the_same_message(text: str, value: str) -> None:
    assert user_facts(text, previous_user_texts=("hello",)).get("pet") == [value]


def test_someone_elses_pet_named_is_not_the_users() -> None:
    assert "pet" not in user_facts(
        "姉が猫飼ってるの。ミケっていうの", previous_user_texts=("hello",)
    )


def test_timid_but_fine_with_it_is_no_fear() -> None:
    assert "phobia" not in user_facts(
        "私怖がりだけど、お化け屋敷は平気", previous_user_texts=("hello",)
    )


def test_humble_and_old_written_forms_are_read() -> None:
    """An older writer's 謙譲語 and 文語調: "住まっております", "一匹おりまして", "齢七十六",
    "でございます"; "におります" stays for the work rules ("文具メーカーにおります")."""
    from soulmem.perceive.facts.ja_keigo import plain

    assert plain("古家に住まっております") == "古家に住んでいます"
    assert plain("柴犬の老犬が一匹おりまして") == "柴犬の老犬が一匹いて"
    assert plain("何しろ齢七十六、来年は喜寿") == "何しろ76歳、来年は喜寿"
    assert plain("生まれは佐渡でございます。") == "生まれは佐渡です。"
    assert plain("蕎麦を一口も頂けぬ体質") == "蕎麦を一口も頂けない体質"
    assert plain("文具メーカーにおります") == "文具メーカーにおります"
    assert plain("かおるさんと会った") == "かおるさんと会った"
    assert user_facts("何しろ齢七十六、来年はいよいよ喜寿と相成る老骨でございます")["age"] == [
        "76歳"
    ]
    home = user_facts("退職後は信州松本の城下に住まっております")
    assert any("松本" in v for v in home["current_residence"])


def test_a_polite_question_without_a_mark_gives_no_fact() -> None:
    """ "小生の一番好きな色は何色と申しましたか": asked, not told."""
    for text in (
        "小生の一番好きな色は何色と申しましたか",
        "近頃の小生の好きな飲み物は何でございましたか",
        "一年で一番好きな季節はいつと申しましたかな",
        "好きな食べ物は何でしたか",
    ):
        assert user_facts(text) == {}, text


def plain_facts(text: str, **context: object) -> dict[str, list[str]]:
    """The user's facts through the whole pipeline (marks, dedup), one list per subject."""
    out: dict[str, list[str]] = {}
    for c in extract_facts(text, FactContext(**context)):  # type: ignore[arg-type]
        if c.about == "user" and not c.negated and c.mode != "end":
            out.setdefault(c.subject, []).append(c.value)
    return out


def test_styled_typing_is_read_plain() -> None:
    """おじさん構文: katakana endings, a comma after every word, emoji for marks."""
    intro = plain_facts(
        "こんにちは〜😃✨ お店のLINE、友だち登録したヨ❗ "
        "松岡勝利（マツオカ カツトシ）と申しマス🙇‍♂️ 縁起が、いいでショ❓ナンチャッテ😁"
    )
    assert intro == {"name": ["松岡勝利"]}
    said = (
        "水野サン、カタいナ〜(^_^;) 仲間内からは、カッちゃん、って呼ばれてるから、そう呼んでネ😉✨"
    )
    assert plain_facts(said) == {"nickname": ["カッちゃん"]}
    lie = "実はネ、正直に、言うと、ボク、ほんとは、54歳なんダヨ🙇‍♂️ 48歳、ってのは、サバ読んでマシタ"
    assert plain_facts(lie) == {"age": ["54歳"]}
    assert plain_facts("カミさんは、ミチコ、って言うんダヨ👩 結婚して、もうすぐ、25年ダヨ❗") == {
        "spouse": ["ミチコ（カミさん）"]
    }
    assert plain_facts("ちなみに、ボク自身が、一番好きな花は、芍薬、ダヨ🌸") == {"likes": ["芍薬"]}
    # a question asked with ❓ gives nothing; a mother's age is not the user's
    assert plain_facts("ボクの、好きな食べ物は❓ 最近の、ボクの、趣味は、なんダッタ❓") == {}
    assert "age" not in plain_facts("年末は、実家に、帰省するんダヨ🚗 オフクロも、もう80歳でネ")
    # one styled message makes the next, less styled one read the same way
    got = run(
        "記念日はネ、11月22日、なんダヨ😊", previous_user_texts=("今度、結婚記念日、なんダヨネ💐",)
    )
    assert [(c.subject, c.value) for c in got] == [("upcoming_event", "記念日（11月22日）")]


def test_a_dated_event_refines_the_one_told() -> None:
    got = run(
        "それで、記念日はね、11月22日なんだ", current={"upcoming_event": ("結婚記念日（今度）",)}
    )
    assert [(c.value, c.mode) for c in got] == [("結婚記念日（11月22日）", "refine")]
    assert plain_facts("ミコの誕生日会は来週なんだって") == {}


def test_a_hobby_given_up_for_another_ends() -> None:
    got = run(
        "ゴルフは腰やっちゃってさ、もうクラブは物置にしまっちゃったんだよ。代わりに今は盆栽にハマってる",
        current={"hobby": ("ゴルフ三昧",)},
    )
    assert [(c.subject, c.value, c.mode) for c in got] == [
        ("hobby", "ゴルフ三昧", "end"),
        ("hobby", "盆栽", "set"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "みんなわしのこと「オッキー」呼びよるけえ、マスターもそれでええよ。",
            {"nickname": ["オッキー"]},
        ),
        (
            "34歳にもなってあだ名で呼ばれるんもアレじゃけどね。しかも186あるけえ、どこ行っても「でかっ」言われる",
            {"age": ["34歳"], "height": ["186cm"]},
        ),
        (
            "季節なら断然秋じゃね。夜の堤防で釣りしよる時間が一番落ち着くんよ",
            {"favorite_season": ["秋"], "hobby": ["釣り"]},
        ),
        ("週末は会社の仲間とボウリングしよる。", {"sport": ["ボウリング"]}),
        ("好物は汁なし担担麺！", {"favorite_food": ["汁なし担担麺"]}),
        ("わしエビ入りは無理なんよ。食うたら喉がかゆうなって蕁麻疹出るけん", {"allergy": ["エビ"]}),
        ("府中町の部屋は引き払うて、今は廿日市。", {"current_residence": ["廿日市"]}),
        (
            "工場は辞めたんよ。来週から路線バスの運転手として研修が始まるんじゃ。",
            {"job": ["路線バスの運転手"]},
        ),
        ("彼女と一緒に住むことになった。", {}),
        ("記念日生まれが多い店じゃのう", {}),
        ("兄のことアニキって呼んでる", {}),
        ("彼と話してる時間が一番好き", {}),
    ],
)
def test_hiroshima_dialect_is_read(text: str, expected: dict[str, list[str]]) -> None:
    assert plain_facts(text, previous_user_texts=("a", "b", "c")) == expected


def test_a_name_said_with_a_dialect_iimasu() -> None:
    assert plain_facts("マスター、ありがとね！改めまして、沖田大輔いいます。") == {
        "name": ["沖田大輔"]
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 津軽弁: わ (I), っこ, てら / でら, まいね, さ for に
        ("週に一回、公民館で三味線習ってら。津軽三味線だ", {"hobby": ["三味線"]}),
        ("なんぼ体にいいって言われでも、納豆だけはまいね。", {"disliked": ["納豆"]}),
        (
            "んでも沖縄そばは平気だべか？わ、蕎麦食えばじんましん出るんだ",
            {"allergy": ["蕎麦（じんましん）"]},
        ),
        (
            "代わりにミツエさ誘われで、公民館のフラダンスさ通い始めだ！わ、楽しいんだ",
            {"hobby": ["フラダンス"]},
        ),
        # ギャル語
        ("あといちごミルクないと生きてけない体🍓🥛", {"favorite_drink": ["いちごミルク"]}),
        ("高校はテニス部だった", {"sport": ["テニス（部活）"]}),
        (
            "家にちっちゃい同居人おるねん🐹 ジャンガリアンハムスターやねんけど",
            {"pet": ["ジャンガリアンハムスター"]},
        ),
    ],
)
def test_tohoku_and_gal_speech(text: str, expected: dict[str, list[str]]) -> None:
    assert plain_facts(text, previous_user_texts=("a", "b", "c")) == expected


def test_a_first_message_names_who_did_it() -> None:
    hello = "はじめましてー！！インスタ見て予約した宮坂莉愛でーす🙌 よろしくです"
    assert plain_facts(hello)["name"] == ["宮坂莉愛"]
    assert plain_facts("こんにちは。道の駅さ出荷の登録さ行った成田キヨ子だ。") == {
        "name": ["成田キヨ子"]
    }
    assert plain_facts("こんにちは！昨日買った大福です") == {}


def test_ages_names_and_jobs_said_around_others() -> None:
    assert plain_facts("めんこいな。26歳、おめでとう", previous_user_texts=("a",)) == {}
    assert "age" not in plain_facts("ハタチで津軽に嫁に来たんだ", previous_user_texts=("a",))
    said_back = FactContext(
        previous_user_texts=("a",), previous_assistant_text="実家の猫のちくわも鈴を気にしてました"
    )
    assert not [
        c for c in extract_facts("ちくわって名前、めんこいな！", said_back) if c.subject == "name"
    ]
    got = run(
        "あ、さっき言ったハリネズミね、名前ちくわ🦔 名付けたのうち！",
        current={"pet": ("ハリネズミ（実家）",)},
    )
    assert [(c.value, c.mode) for c in got if c.subject == "pet"] == [
        ("実家のハリネズミ「ちくわ」", "refine")
    ]
    assert plain_facts("バイトがカラオケの深夜シフトだから朝まじ弱いの") == {
        "part_time_job": ["カラオケ"]
    }
