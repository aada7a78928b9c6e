"""Japanese rule-based fact extraction (soulmem.perceive.facts.ja)."""

from __future__ import annotations

import pytest

from soulmem.perceive.facts import Candidate, FactContext
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
