"""Korean rule-based fact extraction: phrasings per subject, split facts, corrections,
negation, third parties and questions."""

from __future__ import annotations

import pytest

from soulmem.perceive.facts.base import Candidate, FactContext
from soulmem.perceive.facts.ko import extract

CTX = FactContext(assistant_name="루나")


def _facts(text: str, ctx: FactContext = CTX) -> list[Candidate]:
    return extract(text, ctx)


def _user(text: str, ctx: FactContext = CTX) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c in _facts(text, ctx):
        if c.about == "user" and not c.negated and c.mode != "end":
            out.setdefault(c.subject, []).append(c.value)
    return out


# messages in Chungcheong speech and a middle-schooler's chat (used below)
_CC_HOME = "고향은 서천인디유, 스물셋에 충주 앙성으로 시집와서 여태 여기서 복숭아 농사 짓구 살어유."
_CC_DOG = "아, 아까 그 백구 말이유. 이름이 누룽지여. 털 색이 누룽지 같어서 그렇게 지었슈."
_CC_CUCUMBER = "근디 지가 못 먹는 게 하나 있어유. 오이여. 그 비릿한 냄새만 맡아도 속이 울렁거려서"
_SLANG_HOME = (
    "ㅋㅋㅋ 킹받네 암튼 집은 송도임 바다뷰아니고 아파트뷰ㅋㅋ "
    "근데 원래는 대구사람임 일곱살때 이사옴"
)


# (message, subject, substring the value must contain)
POSITIVE: list[tuple[str, str, str]] = [
    # name
    ("안녕 루나! 나 도현이야, 이도현. 잘 부탁해", "name", "이도현"),
    ("내 이름은 박서연이야. 편하게 불러", "name", "박서연"),
    ("반가워~ 저는 김하늘입니다", "name", "김하늘"),
    ("처음 왔어 ㅎㅎ 난 지호야", "name", "지호"),
    ("그냥 하늘이라고 불러줘", "nickname", "하늘"),
    # age
    ("올해로 스물다섯인데 아직도 이런 거 보면 설레", "age", "25세"),
    ("나 25살이야", "age", "25세"),
    ("이제 서른 살 됐어 ㅠㅠ", "age", "30세"),
    ("사실 나이 속였어, 스물일곱이야", "age", "27세"),
    ("나이는 19인데 다들 더 들어 보인대", "age", "19세"),
    ("올해 마흔둘이야 ㅋㅋ 아재지 뭐", "age", "42세"),
    # birthday
    ("나 3월 15일에 태어났는데 그날 눈 왔대", "birthday", "3월 15일"),
    ("내 생일은 11월 2일이야", "birthday", "11월 2일"),
    ("나 12월 25일생이라 선물 한 번에 받아 ㅠ", "birthday", "12월 25일"),
    ("크리스마스에 태어나서 생일 케이크를 늘 트리 옆에서 먹었어", "birthday", "12월 25일"),
    ("생일이 7/4야", "birthday", "7월 4일"),
    # height
    ("178이라 애매하게 크거든", "height", "178cm"),
    ("키가 162밖에 안 돼서 높은 선반은 못 닿아", "height", "162cm"),
    ("나 185cm라서 버스 손잡이에 머리 박아", "height", "185cm"),
    # blood type, MBTI, handedness
    ("친구들이 나보고 완전 B형 남자래 ㅋㅋ", "blood_type", "B형"),
    ("혈액형은 AB야", "blood_type", "AB형"),
    ("나 O형이라 모기가 엄청 물어", "blood_type", "O형"),
    ("나 ENFP라 낯가림이 없어", "mbti", "ENFP"),
    ("mbti는 istj야 ㅋㅋ 계획 없으면 불안해", "mbti", "ISTJ"),
    ("나 왼손잡이라 가위질 못해", "handedness", "왼손잡이"),
    # hometown
    ("난 부산 토박이야", "hometown", "부산"),
    ("원래 광주 출신인데 대학 때문에 올라왔어", "hometown", "광주"),
    ("고향은 강릉이야. 바다 보고 자랐지", "hometown", "강릉"),
    ("제주도에서 나고 자랐어", "hometown", "제주도"),
    # residence
    ("지금은 역삼동 원룸에서 혼자 살아", "current_residence", "역삼동 원룸"),
    ("지금 신림 원룸사는데 여기까지 2호선타고옴", "current_residence", "신림 원룸"),
    ("사장님 나 이사끝남ㅋㅋ 신림 탈출 합정으로옴 허리나감", "current_residence", "합정"),
    ("요즘 분당에서 자취해", "current_residence", "분당"),
    ("나 인천 살아", "current_residence", "인천"),
    ("사는 곳은 수원 영통이야", "current_residence", "수원 영통"),
    # job, school, major
    ("나 간호사야. 3교대라 맨날 피곤해", "job", "간호사"),
    ("저는 회사원이에요", "job", "회사원"),
    ("게임 회사에서 개발자로 일해", "job", "개발자"),
    ("건축 전공한 걸 매일 후회 중이야", "major", "건축"),
    ("전공은 경영학이야", "major", "경영학"),
    ("나 컴퓨터공학과 3학년이야", "major", "컴퓨터공학과"),
    ("한국대 다녀", "school", "한국대"),
    # family
    ("우리 집은 부모님이랑 누나, 나 이렇게 넷이야", "family", "4인 가족"),
    ("우리 집은 부모님이랑 누나, 나 이렇게 넷이야", "family", "누나"),
    ("나 외동이야", "family", "외동"),
    ("남동생 하나 있어. 중학생인데 말을 안 들어", "family", "남동생"),
    ("삼남매 중 막내야", "family", "막내"),
    ("다섯 식구라 명절마다 시끄러워", "family", "5인 가족"),
    # pets
    ("그 좁은 방에서 고양이 한 마리랑 같이 살아. 치즈색 코숏인데 완전 상전이야", "pet", "고양이"),
    ("그 좁은 방에서 고양이 한 마리랑 같이 살아. 치즈색 코숏인데 완전 상전이야", "pet", "코숏"),
    ("강아지 키워. 말티즈야", "pet", "강아지"),
    ("뭉치라는 푸들 키우고 있어", "pet", "뭉치"),
    ("햄스터 두 마리 키우는 중", "pet", "햄스터"),
    # allergy
    ("나 땅콩 들어간 거 먹으면 목이 부어서 응급실 가야 돼", "allergy", "땅콩"),
    ("새우 알레르기 있어서 해산물은 조심해", "allergy", "새우"),
    ("복숭아 먹으면 입술이 부어", "allergy", "복숭아"),
    ("고양이 털 닿으면 두드러기 나", "allergy", "고양이 털"),
    # phobia
    ("거미만 보면 진짜 소리 지르면서 도망가", "phobia", "거미"),
    ("나 귀신 진짜 무서워해", "phobia", "귀신"),
    ("고소공포증 있어서 놀이기구 못 타", "phobia", "고소공포증"),
    ("뱀 생각만 해도 소름 돋아", "phobia", "뱀"),
    # food and drink
    ("기분 꿀꿀할 때 뜨끈한 돼지국밥 한 그릇이면 다 풀리거든", "favorite_food", "돼지국밥"),
    ("내 소울푸드는 엄마표 김치찌개야", "favorite_food", "김치찌개"),
    ("제일 좋아하는 음식은 마라탕이야", "favorite_food", "마라탕"),
    ("떡볶이라면 자다가도 일어나", "favorite_food", "떡볶이"),
    ("나는 한겨울에도 아이스 아메리카노만 마셔", "favorite_drink", "아이스 아메리카노"),
    ("하루에 콜라 세 잔씩 마셔", "favorite_drink", "콜라"),
    ("밀크티 진짜 좋아해", "favorite_drink", "밀크티"),
    # music, colour, season
    ("이어폰으론 시티팝 틀어놓고 걸어", "favorite_music", "시티팝"),
    ("요즘 재즈에 푹 빠졌어", "favorite_music", "재즈"),
    ("힙합만 들어", "favorite_music", "힙합"),
    ("이불, 커튼, 폰케이스까지 죄다 초록이야", "favorite_color", "초록"),
    ("보라색이 제일 좋아", "favorite_color", "보라색"),
    ("하늘색 보면 마음이 편해져", "favorite_color", "하늘색"),
    ("나는 일 년 내내 가을만 기다리면서 살아", "favorite_season", "가을"),
    ("겨울이 제일 좋아. 눈 오는 날 최고", "favorite_season", "겨울"),
    ("봄 진짜 좋아해", "favorite_season", "봄"),
    # movies, books
    ("인터스텔라라고 알아? 우주 영화인데 벌써 다섯 번 봤어", "favorite_movie", "인터스텔라"),
    ("인생 영화는 라라랜드야", "favorite_movie", "라라랜드"),
    ("어바웃타임 열 번도 넘게 봤어", "favorite_movie", "어바웃타임"),
    ("자기 전에 추리소설 한 챕터씩 읽는 게 낙이야", "book_genre", "추리소설"),
    ("판타지 소설 엄청 좋아해", "book_genre", "판타지"),
    ("요즘 SF 책만 읽어", "book_genre", "SF"),
    # sport, hobby
    ("운동은 배드민턴 쳐", "sport", "배드민턴"),
    ("주 3회 필라테스 다녀", "sport", "필라테스"),
    ("퇴근하고 매일 수영해", "sport", "수영"),
    ("주말엔 필름카메라 들고 골목 사진 찍으러 다녀", "hobby", "필름카메라"),
    ("취미는 뜨개질이야", "hobby", "뜨개질"),
    ("쉬는 날엔 맛집 찾으러 다녀", "hobby", "맛집"),
    ("요즘 베이킹에 빠졌어", "hobby", "베이킹"),
    # dislikes
    ("혹시 밥 먹게 되면 오이는 꼭 빼줘", "disliked", "오이"),
    ("가지는 진짜 싫어", "disliked", "가지"),
    ("고수 냄새만 맡아도 헛구역질 나", "disliked", "고수"),
    ("민트초코는 극혐이야", "disliked", "민트초코"),
    # relationship
    ("나 모태솔로야 ㅠ", "relationship_status", "모태솔로"),
    ("여친 없어 ㅋㅋ", "relationship_status", "솔로"),
    ("요즘 지은이랑 사귀고 있어", "partner", "지은"),
    ("남친 생겼어!!", "relationship_status", "연애 중"),
    # friends
    (
        "정우 놈이 들으면 부러워하겠다. 고등학교 때부터 하루도 안 빼고 붙어 다닌 놈인데",
        "best_friend",
        "정우",
    ),
    ("내 베프는 수아야. 초등학교 때부터 친구", "best_friend", "수아"),
    ("민재라는 절친이 있는데 걔가 요리를 잘해", "best_friend", "민재"),
    # exams, events, part-time jobs
    ("나 다음 주 목요일에 시험이 있어서 멘탈이 나갔어", "upcoming_exam", "다음 주 목요일"),
    ("모레 토익 시험 봐야 돼", "upcoming_exam", "토익"),
    ("이번 주 금요일에 면접 있어", "upcoming_event", "면접"),
    ("주말엔 편의점 야간 알바까지 뛰어서 잠이 부족해", "part_time_job", "편의점"),
    ("카페에서 알바해", "part_time_job", "카페"),
    ("고깃집 알바 하고 있어", "part_time_job", "고깃집"),
    # misc identity
    ("나 비건이라 고기 안 먹어", "diet", "비건"),
    ("천식 있어서 달리기는 힘들어", "health", "천식"),
    ("일본어 조금 할 줄 알아", "language", "일본어"),
    ("나 물병자리야", "zodiac", "물병자리"),
    ("교회 다녀", "religion", "기독교"),
    ("꿈은 웹툰 작가야", "goal", "웹툰 작가"),
    ("안주 머잇음 오이 들어간거는 빼주셈 냄새부터 극혐", "disliked", "오이"),
    ("양파 빼주삼 ㅠ", "disliked", "양파"),
    ("아 야구봄? 나 보살팬임 한화ㅋㅋㅋ 매년속고 매년또봄", "favorite_artist", "한화"),
    # Chungcheong speech and a middle-schooler's chat
    # Chungcheong speech: 지는 = 저는, -구 = -고, 혀유 = 해요, -믄 = -면, -여 = -야
    ("안녕하셔유. 지는 염미경이라구 혀유. 과수원 하는 아지매인디", "name", "염미경"),
    ("지 생일이 워떤 날이냐믄유, 크리스마스 이브여. 어릴 땐 서운했슈", "birthday", "12월 24일"),
    (_CC_HOME, "current_residence", "충주 앙성"),
    (_CC_HOME, "hometown", "서천"),
    (_CC_DOG, "pet", "누룽지"),
    (
        "일허다 보믄 하루에 믹스커피를 다섯 봉은 타 먹어유.",
        "favorite_drink",
        "믹스커피",
    ),
    (_CC_CUCUMBER, "disliked", "오이"),
    ("지가 왼손잡이유. 숟가락 바꿔 쥐라구 혔는디 못 고쳤어유.", "handedness", "왼손잡이"),
    # 급식체: -임 / -함, no spacing
    (_SLANG_HOME, "current_residence", "송도"),
    (_SLANG_HOME, "hometown", "대구"),
    ("ㅇㅇ 학교에서 방송부하는데 점심마다 노래 내가 선곡함ㅋㅋ", "club", "방송부"),
    (
        "ㅋㅋ 노래는 무조건 스텔라X 틀음 윤슬이 내 최애임 ㄹㅇ 얼굴천재",
        "favorite_artist",
        "윤슬",
    ),
    (
        "ㅇㅇ 야행성임ㅋㅋ 아 배고파 마라탕은 진리임 일주일에 세번 먹음",
        "favorite_food",
        "마라탕",
    ),
    # voice typing: spelled as it sounds, no punctuation, polite clauses run on
    ("나이는 일흔둘이예요 처음에 예순아홉이라고 했짜나요 그건 틀렸써요", "age", "72세"),
    ("지금은 안양 석수동 빌라에 혼자살아요 계단이 많아서 힘들어요", "current_residence", "석수동"),
    ("요새 낙이 공원에서 파크골프 치는거예요 매일 나가요", "hobby", "파크골프"),
    ("김말순이라고 내 오십년지기 친구가 있써요 같이 시장 다녀요", "best_friend", "김말순"),
    (
        "아파트에 엘리베이터가 있는데 한번 갇힌뒤로 무서워서 못타요 계단으로 다녀요",
        "phobia",
        "엘리베이터",
    ),
    ("나는 당뇨가 있써서 약을 머거요 의사가 단거 먹지말래요", "health", "당뇨"),
    ("동생이 서예교실 같이 다니자해서 목요일마다 거기가요 재밌써요", "hobby", "서예교실"),
    # English words inside Korean
    ("나 lefty라서 밥 먹을 때 옆사람이랑 팔 부딪힘 ㅋㅋ", "handedness", "왼손잡이"),
    ("나 Seoul에서 grew up 했는데 대학은 미국에서 나옴", "hometown", "Seoul"),
    ("새벽 3시에 Dodgers 경기 보다가 출근한 적 많아 ㅋㅋ", "favorite_artist", "Dodgers"),
    ("굴 한 개만 먹어도 두드러기 올라와서 응급실 감", "allergy", "굴"),
]


def test_voice_typing_is_undone_only_where_it_shows() -> None:
    from soulmem.perceive.facts.ko_voice import run_on_polite, voice_typed

    assert voice_typed("떡방앗간 했써요 정신이 업써요 호박죽 머그면 조아요") == (
        "떡방앗간 했어요 정신이 없어요 호박죽 먹으면 좋아요"
    )
    assert voice_typed("처음에 일흔여섯이라고 했짜나요 갠차나요") == (
        "처음에 일흔여섯이라고 했잖아요 괜찮아요"
    )
    # standard text, and the words that only look like it, keep their shape
    for text in ("머그컵에 커피 마셔요", "조아라 작가 좋아해요", "귀머거리 흉내는 하지 마"):
        assert voice_typed(text) == text
    assert (
        run_on_polite("내친구는 서산 사람이에요. 정말 좋아요")
        == "내 친구는 서산 사람이에요. 정말 좋아요"
    )
    assert run_on_polite("서울 살아요. 회사가 강남이에요 가까워요") == (
        "서울 살아요. 회사가 강남이에요 가까워요"
    )
    assert run_on_polite("서울 살아요 회사가 강남이에요") == "서울 살아요. 회사가 강남이에요"
    assert run_on_polite("필요 없어요") == "필요 없어요"


def test_voice_typed_others_and_changes() -> None:
    # a friend glued to "내", then hearsay: not the user's
    assert "hometown" not in _user("내친구는 충청도 서산사람인데 청국장을 잘 끓여요 걔꺼는 머거요")
    assert "age" not in _user("내친구도 호적이 늦어서 진짜는 여든둘이래요 우리또래는 다 그래요")
    # a pet's age is not the user's
    assert "age" not in _user("집에 강아지가 하나있어요 시추인데 열두살 머거서 꼬부랑 할매예요")
    ctx = FactContext(current={"sport": ("게이트볼",), "hobby": ("게이트볼 치기",)})
    got = [
        (c.subject, c.value, c.mode)
        for c in _facts(
            "나 이제 게이트볼은 못해요 그래서 내친구가 복지관 노래교실 같이 다니자해서 "
            "화요일마다 거기가요",
            ctx,
        )
    ]
    assert ("hobby", "게이트볼 치기", "end") in got
    assert ("sport", "게이트볼", "end") in got
    assert ("hobby", "복지관 노래교실", "set") in got
    fixed = _user("처음에 일흔여섯이라고 했짜나요 그건 주민등록 나이고 진짜는 일흔여덟이예요")
    assert fixed["age"] == ["78세 (일흔여덟)"]


def test_a_kind_of_fan_is_not_the_thing_liked() -> None:
    assert _user("오이 들어간거는 빼주셈 냄새부터 극혐")["disliked"] == ["오이"]
    assert _user("나 보살팬임 한화ㅋㅋㅋ 야구 또짐")["favorite_artist"] == ["한화 (응원하는 팀)"]
    assert _user("나 보살팬이야 진짜") == {}


@pytest.mark.parametrize(("text", "subject", "expected"), POSITIVE)
def test_positive(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


# messages that must give no user fact of these subjects (third parties, questions, probes)
NOISE: list[tuple[str, tuple[str, ...]]] = [
    ("누나는 결혼해서 지금 대전 살고", ("current_residence",)),
    ("정우는 떡볶이 좋아해", ("favorite_food", "likes")),
    ("루나 생일은 언제야?", ("birthday",)),
    ("내 생일 언제라고 했지?", ("birthday",)),
    ("너는 뭐 좋아해?", ("likes", "favorite_food")),
    ("나 몇 살이라고 했지? 그리고 내 전공 뭐였더라?", ("age", "major")),
    ("우리 집 고양이 이름은?", ("pet", "name")),
    ("스물! 전 재산 다 걸었다!", ("age",)),
    ("열일곱!", ("age",)),
    ("노란 망토 마녀가 경쟁자 되겠네", ("favorite_color",)),
    ("빨간 돌만 피하면 되지?", ("favorite_color",)),
    ("검은 고양이다! 도도하게 앉아 있네", ("pet",)),
    ("루나 승급 시험 좀 잘 봐주세요 ㅋㅋ", ("upcoming_exam", "book_genre")),
    ("동생은 키가 180이야", ("height",)),
    ("엄마는 광주 출신이야", ("hometown",)),
    ("세린 경은 거미 하나도 안 무서워하시네요", ("phobia",)),
    ("아이스 아메리카노 한 잔 들이키고 싶다", ("favorite_drink",)),
    ("배드민턴 한 게임 치고 싶다", ("sport",)),
    ("다리 여덟 개 달린 건 다 싫어", ("disliked",)),
    ("지갑 꺼내기 싫은 얼굴이야", ("disliked",)),
    ("버섯 스튜 좋아. 두 그릇 주세요!", ("likes", "favorite_food")),
    ("친구네 강아지 이름은 콩이야", ("pet",)),
    ("우리 엄마 생일은 5월 3일이야", ("birthday",)),
    ("형은 ISTP고 MBTI 맹신해", ("mbti",)),
    ("이번엔 부산으로 여행 가고 싶어", ("current_residence",)),
    ("아 국밥 생각난다", ("favorite_food",)),
    ("다섯 번 말해도 안 들어", ("favorite_movie",)),
    ("우리 강아지 초코는 벌써 열 살이야", ("age",)),
    ("요크셔테리어 키워. 이름은 콩이", ("name",)),
    ("나 요즘 만나는 사람 생겼어! 이름은 하은이야", ("name",)),
    ("이건 비밀인데 세린 경 무서워", ("phobia",)),
    ("누나는 결혼한 뒤로 대전 살아", ("current_residence",)),
    ("기말고사 다음 주라 도서관에서 살아", ("current_residence",)),
    ("이 정도면 열이야", ("age",)),
    ("우리 형은 의사고 나는 백수야", ("job",)),  # checked below: only 백수
    ("선장님은 고향이 어디세요?", ("hometown",)),
    ("오 화성 출신이라고? 신기하다", ("hometown",)),
    ("카이는 매운 거 진짜 좋아하네 ㅋㅋ", ("likes", "favorite_food")),
    ("함장님 생일이 내일이래! 파티 준비하자", ("birthday",)),
    ("그 친구는 서울대 다닌대", ("school",)),
    ("엘라는 피아노 잘 쳐", ("hobby",)),
    ("민수 형은 야구 좋아해", ("likes", "hobby", "sport")),
    ("맞아 나 그거 세 번 봤어", ("favorite_movie",)),
    ("이 별에서는 다들 초록색 옷만 입네", ("favorite_color",)),
    # other people, questions and denials near the generalised rules
    ("동생은 여자라서 그런지 겁이 많아", ("gender",)),
    ("나 여자 친구 있어", ("gender",)),
    ("나 남자 만나러 가", ("gender",)),
    ("언니는 왼손잡인데 나는 아님", ("handedness",)),
    ("친구가 서울 사는 대학생이야", ("current_residence",)),
    ("서울 사는 친구야", ("current_residence",)),
    ("누나는 컴공 3학년이야", ("major",)),
    ("동생이 고3이라 예민해", ("school",)),
    ("엄마 생일이야! 9월 19일", ("birthday",)),
    ("너 몇 살이야? 스물다섯?", ("age",)),
    ("동생은 영어랑 일본어 할 수 있어", ("language",)),
    ("우리 엄마는 불교 신자야", ("religion",)),
    ("나 지금 교회 가", ("religion",)),
    ("형이 채식한 지 3년 됐어", ("diet",)),
    ("친구 남편이 요리를 잘해", ("spouse", "relationship_status")),
    ("내 남편이 될 사람은 키가 컸으면", ("spouse",)),
    ("언니가 둘 있는데 둘 다 결혼했어", ("relationship_status",)),
    ("민지는 떡볶이 매일 먹을 수 있대", ("favorite_food",)),
    ("너 제일 좋아하는 음식? 떡볶이지", ("favorite_food",)),
    ("언니 남친 이름은 민수야", ("partner",)),
    ("요즘 랭겜 돌리느라 공부 안 해", ("favorite_game",)),
    ("친구는 롤 자주 해, 티어 다이아래", ("favorite_game",)),
    ("우리 회사 다녀", ("workplace",)),
    ("처음이라 떨려. 고구마야", ("name",)),
    ("아 맞다 우리 복실이, 이름이 콩떡이야", ("name",)),
    ("햄찌 이름 보리야", ("name",)),
    ("끝으로! 내 직장 어디였지? 내 여동생 이름은?", ("name",)),
    ("상자 20킬로 옮겼어", ("current_residence",)),
    ("찬바람 불면 살아나는 느낌이야", ("current_residence",)),
    ("우리 팀장님들이 너무 무서워", ("phobia",)),
    ("나 그렇게 애매한 상황 제일 싫어함", ("disliked",)),
    ("강아지가 사료를 잘 안 먹어서 걱정이야", ("disliked",)),
    ("내 최애 음식은? 그리고 내 동생 이름 다시!", ("favorite_food",)),
    ("오늘 축구 하는 거 봤어", ("sport",)),
    ("어제 야구 경기 보러 갔어", ("sport",)),
    ("우리 엄마 간호사", ("job",)),
    ("동생은 경상도 남자야", ("hometown", "gender")),
    ("엄마는 절에 다녀", ("religion",)),
    ("친구가 남친이랑 사귄 지 1년 됐대", ("relationship_status",)),
    ("걔 별명은 두부야", ("nickname",)),
    ("다들 걔를 김도윤이라고 해", ("name",)),
    ("내 베프인 착한 애가 있어", ("best_friend",)),
    ("나 30층 살아", ("age",)),
    ("와이프가 될 사람은 어떤 사람일까", ("spouse",)),
    ("엄마는 광주가 고향이야", ("hometown",)),
    ("동생이 잇티제야", ("mbti",)),
    # a pet's age, a worry said as hearsay, a company of games, a class one wishes to join
    ("요새 눈이 침침해서 안과 갔더니 수술해야된대요 겁나서 잠이 안와요", ("phobia",)),
    ("다음 달부터 게임회사 localization팀으로 출근해", ("favorite_game",)),
    ("어제 야구 경기 보다가 잠들었어", ("favorite_artist", "likes")),
    ("새우 한 마리만 먹어도 바로 응급실 각", ("phobia",)),
]


@pytest.mark.parametrize(("text", "subjects"), NOISE)
def test_noise(text: str, subjects: tuple[str, ...]) -> None:
    got = _user(text)
    for subject in subjects:
        if subject == "job" and "백수" in text:
            assert got.get("job") == ["백수"]
            continue
        assert subject not in got, f"{subject}: {got.get(subject)}"


NEGATED: list[tuple[str, str]] = [
    ("나 반려동물 없어", "pet"),
    ("알레르기 없어. 아무거나 다 먹어", "allergy"),
    ("술 안 마셔", "diet"),
    ("나 왼손잡이 아니야", "handedness"),
]


@pytest.mark.parametrize(("text", "subject"), NEGATED)
def test_negated(text: str, subject: str) -> None:
    found = [c for c in _facts(text) if c.subject == subject]
    assert found and all(c.negated for c in found)
    assert subject not in _user(text)


def test_pet_split_refine() -> None:
    first = _user("고양이 한 마리랑 같이 살아. 치즈색 코숏인데 완전 상전이야")
    ctx = FactContext(current={"pet": tuple(first["pet"])}, assistant_name="루나")
    found = [
        c
        for c in _facts("아 참, 우리 고양이 이름 말 안 했지? 호떡이야. 털 색이 호떡 색이라서", ctx)
    ]
    pet = [c for c in found if c.subject == "pet"]
    assert len(pet) == 1 and pet[0].mode == "refine"
    assert "호떡" in pet[0].value and "코숏" in pet[0].value and "고양이" in pet[0].value


def test_pet_name_other_animal() -> None:
    ctx = FactContext(current={"pet": ("강아지 (말티즈)",)})
    pet = [c for c in _facts("우리 강아지 이름은 보리야", ctx) if c.subject == "pet"]
    assert pet and pet[0].mode == "refine" and "보리" in pet[0].value and "말티즈" in pet[0].value


def test_exam_split_refine() -> None:
    ctx = FactContext(current={"upcoming_exam": ("다음 주 목요일 시험",)})
    text = (
        "ㅋㅋ 그럴게. 아 그리고 아까 말한 시험, 구조역학이라 더 무서워. 교수님이 반타작이 기본이래"
    )
    found = _facts(text, ctx)
    exam = [c for c in found if c.subject == "upcoming_exam"]
    assert len(exam) == 1 and exam[0].mode == "refine"
    assert exam[0].value == "다음 주 목요일 구조역학 시험"
    assert not [c for c in found if c.subject == "phobia"]


def test_move_correction_sets_only_new_place() -> None:
    text = "나 사실 어제 이사했어! 역삼동 원룸 빼고 마포구 망원동으로 왔어. 한강 가까워서 좋아"
    res = [c for c in _facts(text) if c.subject == "current_residence"]
    assert [c.value for c in res] == ["마포구 망원동"]
    assert res[0].mode == "set"


def test_move_other_phrasing() -> None:
    res = _user("지난주에 대구로 이사 왔어. 아직 짐 정리 중")
    assert res.get("current_residence") == ["대구"]


def test_job_change_ends_old_and_sets_new() -> None:
    ctx = FactContext(current={"part_time_job": ("편의점 야간 알바 (주말)",)})
    found = _facts(
        "나 편의점 알바 그만뒀어! 이제 집 앞 빵집에서 일해. 빵 냄새 맡으면서 일하니까 천국", ctx
    )
    modes = [(c.subject, c.mode) for c in found]
    assert ("part_time_job", "end") in modes
    sets = [c.value for c in found if c.subject == "part_time_job" and c.mode == "set"]
    assert sets == ["집 앞 빵집"]


def test_age_correction() -> None:
    found = [c for c in _facts("사실 나이 속였어, 스물일곱이야") if c.subject == "age"]
    assert found[0].value == "27세 (스물일곱)" and found[0].mode == "set"


def test_several_facts_in_one_message() -> None:
    got = _user(
        "요즘 주말엔 필름카메라 들고 골목 사진 찍으러 다녀. 이어폰으론 시티팝 틀어놓고. "
        "그러면 80년대 도쿄 걷는 기분이야 ㅋㅋ"
    )
    assert "hobby" in got and "favorite_music" in got
    got2 = _user("나 서른둘이고 판교에서 개발자로 일해. 고향은 전주야")
    assert got2["age"] == ["32세 (서른둘)"]
    assert got2["job"] == ["개발자"] and got2["hometown"] == ["전주"]


def test_family_detail_is_kept_but_sister_residence_is_not_users() -> None:
    got = _user("우리 집은 부모님이랑 누나, 나 이렇게 넷이야. 누나는 결혼해서 지금 대전 살고")
    assert "current_residence" not in got
    assert "4인 가족" in got["family"][0] and "대전" in got["family"][0]


def test_values_are_normalised() -> None:
    assert _user("올해로 스물다섯인데")["age"] == ["25세 (스물다섯)"]
    assert _user("나 3월 15일에 태어났어")["birthday"] == ["3월 15일"]
    assert _user("완전 b형이야")["blood_type"] == ["B형"]
    assert _user("178이라 좀 큰 편이야")["height"] == ["178cm"]


# held-out style: another user, other phrasings, several facts, distractors
HELD_OUT: list[tuple[str, dict[str, str]]] = [
    (
        "하이 루나~ 난 윤서아라고 해. 대구에서 태어나고 자랐어",
        {"name": "윤서아", "hometown": "대구"},
    ),
    ("벌써 서른하나야 ㅠ 시간 진짜 빠르다", {"age": "31세"}),
    ("할로윈에 태어나서 생일마다 코스튬 파티해", {"birthday": "10월 31일"}),
    ("나 키 160인데 힐 신으면 165 돼", {"height": "160cm"}),
    ("나 INTJ야, 계획 틀어지면 멘붕 옴", {"mbti": "INTJ"}),
    ("고양이 두 마리 모시고 살아 ㅋㅋ 러시안블루랑 먼치킨", {"pet": "고양이"}),
    ("나 갑각류 알레르기 있어서 게 먹으면 큰일 나", {"allergy": "갑각류"}),
    ("바퀴벌레 보면 그 자리에서 얼어버려", {"phobia": "바퀴벌레"}),
    ("스트레스 받을 땐 매운 떡볶이 한 접시면 다 풀려", {"favorite_food": "떡볶이"}),
    ("매일 아침 라떼 두 잔씩 마셔", {"favorite_drink": "라떼"}),
    ("운동은 클라이밍 해. 일주일에 세 번", {"sport": "클라이밍"}),
    ("요즘 뜨개질에 완전 빠져서 목도리만 세 개 떴어", {"hobby": "뜨개질"}),
    ("나 파프리카는 진짜 못 먹어", {"disliked": "파프리카"}),
    ("다음 달 3일에 정보처리기사 시험 있어", {"upcoming_exam": "정보처리기사"}),
    ("우리 가족은 엄마, 아빠, 여동생 둘, 나 이렇게 다섯이야", {"family": "5인 가족"}),
    ("지금 망원동 투룸에서 친구랑 같이 살아", {"current_residence": "망원동"}),
    ("대학원생이야. 논문 때문에 죽을 맛", {"job": "대학원생"}),
    (
        "나 원래 서울 사람인데 지금은 제주에서 살아",
        {"hometown": "서울", "current_residence": "제주"},
    ),
    ("회사 때려치우고 이제 프리랜서로 일해", {"job": "프리랜서"}),
    ("나는 고양이보다 강아지가 더 좋아", {"favorite_animal": "강아지"}),
    ("우리 할머니가 해주신 된장찌개가 세상에서 제일 맛있어", {"favorite_food": "된장찌개"}),
    ("야구 보는 거 좋아해", {"hobby": "야구 보기"}),
    ("드라마 도깨비 세 번 정주행했어", {"favorite_movie": "도깨비"}),
    ("해리포터 시리즈 스무 번은 읽었어", {"favorite_book": "해리포터"}),
    ("아이유 노래 들으면서 공부해", {"favorite_artist": "아이유"}),
    ("여자친구랑 3년째 연애 중이야", {"relationship_status": "연애 중"}),
    ("베프 지수랑은 중학교 때부터 친구야", {"best_friend": "지수 (중학교 때부터"}),
    ("기말고사 다음 주라 도서관에서 살아", {"upcoming_exam": "기말고사"}),
    ("아빠, 엄마, 남동생이랑 살아", {"family": "남동생"}),
    ("요크셔테리어 키워. 이름은 콩이", {"pet": "콩"}),
    ("높은 데 올라가면 다리가 후들거려", {"phobia": "높은 곳"}),
    ("발렌타인데이가 내 생일이야", {"birthday": "2월 14일"}),
    ("저 사실 9월 생이에요, 9월 3일", {"birthday": "9월 3일"}),
    ("나 올해 스물둘! 대학교 3학년이야", {"age": "22세"}),
    ("나 요즘 만나는 사람 생겼어! 이름은 하은이야", {"partner": "하은"}),
    ("파란색 옷만 입어", {"favorite_color": "파란색"}),
    ("나 초등학교 선생님이야", {"job": "초등학교 선생님"}),
    ("연세대 경영학과 다녀", {"school": "연세대", "major": "경영학과"}),
]


@pytest.mark.parametrize(("text", "expected"), HELD_OUT)
def test_held_out_style(text: str, expected: dict[str, str]) -> None:
    got = _user(text)
    for subject, piece in expected.items():
        assert subject in got, f"{subject} missing in {got}"
        assert any(piece in v for v in got[subject]), got[subject]


def test_remention_of_known_value_confirms_it() -> None:
    # a repeat gives the value as stored, which the resolver confirms (nothing new)
    ctx = FactContext(current={"allergy": ("땅콩 알레르기",)})
    got = [c.value for c in _facts("나 땅콩 먹으면 진짜 큰일 나", ctx) if c.subject == "allergy"]
    assert set(got) <= {"땅콩 알레르기"}


def test_best_friend_value() -> None:
    text = (
        "완전 좋지! 정우 놈이 들으면 엄청 부러워하겠다. "
        "고등학교 때부터 하루도 안 빼고 붙어 다닌 놈인데"
    )
    assert _user(text)["best_friend"] == ["정우 (고등학교 때부터 단짝)"]


def test_candidate_contract() -> None:
    for c in _facts("나 도현이야, 이도현. 올해로 스물다섯이고 부산 토박이야"):
        assert c.about in ("user", "assistant", "other")
        assert c.mode in ("set", "refine", "end")
        assert 0.0 < c.confidence <= 1.0
        assert c.evidence and c.value


def test_empty_and_plain_chat_give_nothing() -> None:
    for text in ("", "ㅋㅋㅋㅋ", "좋아, 출발하자!", "와 골짜기 전체가 은빛이야", "세 송이 땄어"):
        assert _facts(text) == []


# phrasing families added for generality; every phrasing is invented, two or more per family
FAMILIES: list[tuple[str, str, str]] = [
    # a kind of place and a named one merge: "바닷가 출신 ... 속초에서 나고 자라서"
    ("나 섬 출신이야. 완도에서 나고 자랐거든", "hometown", "완도 (섬)"),
    ("나 원래 어촌 출신이야. 통영에서 태어나서 스무 살까지 살았어", "hometown", "통영"),
    ("시골 출신이라 그래. 영주에서 자라서 밤하늘 별이 익숙해", "hometown", "영주"),
    # holidays, solar and lunar
    ("광복절에 태어나서 생일마다 태극기 봐", "birthday", "8월 15일"),
    ("추석이 내 생일이라 매년 송편 먹으면서 케이크 불어", "birthday", "추석"),
    ("나 빼빼로데이생이야 ㅋㅋ", "birthday", "11월 11일"),
    ("크리스마스 이브랑 생일이 겹쳐서 선물을 하나만 받아", "birthday", "12월 24일"),
    # jobs from a wider list and from a field + job suffix, "X라 ..." copula
    ("나 물리치료사라 하루 종일 환자들 재활 도와", "job", "물리치료사"),
    ("요즘 언어재활사로 일하고 있어", "job", "언어재활사"),
    ("나 간호사로 3년째 일하고 있어", "job", "간호사"),
    ("나 치기공사거든. 틀니 만드는 일", "job", "치기공사"),
    # handedness from what the left hand does
    ("젓가락을 왼손으로 잡아서 밥 먹을 때 옆 사람이랑 팔 부딪혀", "handedness", "왼손잡이"),
    ("글씨는 왼손으로 써", "handedness", "왼손잡이"),
    ("가위는 꼭 왼손으로 써야 편해", "handedness", "왼손잡이"),
    # family size with 뿐/둘이, no siblings
    ("우리 집은 아빠랑 나 딱 둘뿐이야", "family", "2인 가족"),
    ("나 엄마랑 둘이 살아", "family", "2인 가족 (엄마, 나)"),
    ("형제는 하나도 없어", "family", "외동"),
    ("언니나 동생 없이 외동으로 컸어", "family", "외동"),
    # pets: "우리 X", a little one at home named by its animal, species list
    ("집에 애기 한 마리 기다리고 있어. 햄스터!", "pet", "햄스터"),
    ("우리 토끼 요즘 당근만 먹어", "pet", "토끼"),
    ("우리 앵무새 이름은 짹짹이야", "pet", "앵무새 '짹짹'"),
    ("우리 집 고슴도치는 밤에만 돌아다녀", "pet", "고슴도치"),
    # allergies by symptom and trigger, "그거" pointing back
    ("새우 있지? 나 그거 먹으면 온몸이 간지러워", "allergy", "새우"),
    ("나 키위 먹으면 입술이 퉁퉁 부어", "allergy", "키위"),
    ("고양이털 근처만 가도 재채기가 멈추질 않아", "allergy", "고양이털"),
    ("저기 땅콩 보여? 나 그거 손만 대도 두드러기 올라와", "allergy", "땅콩"),
    # phobias from a list of things feared
    ("번개 치면 심장 떨어질 것 같아", "phobia", "번개"),
    ("나 좁은 곳은 진짜 질색이야", "phobia", "좁은 곳"),
    ("나 벌레라면 질색이야", "phobia", "벌레"),
    ("밤에 우르릉 소리 나면 이불 속에 숨어", "phobia", "천둥"),
    # the food a mood calls for, standing orders
    ("우울할 때는 무조건 마라탕이지", "favorite_food", "마라탕"),
    ("비 오는 날엔 꼭 칼국수 먹어", "favorite_food", "칼국수"),
    ("편의점 가면 항상 바나나우유 골라", "favorite_drink", "바나나우유"),
    ("카페 가면 맨날 자몽에이드 시켜", "favorite_drink", "자몽에이드"),
    ("분식집 가면 고민 없이 라볶이 시켜", "favorite_food", "라볶이"),
    # artists and authors named next to a genre
    ("출근길엔 보사노바 틀어. 주앙 지우베르투 목소리 들으면 마음이 편해", "favorite_music", "주앙"),
    ("자기 전엔 판타지 소설 읽어. 브랜든 샌더슨 책 제일 좋아해", "book_genre", "샌더슨"),
    ("공상과학 소설 즐겨 읽어. 김초엽 단편 특히 좋아해", "book_genre", "공상과학"),
    # a title introduced with "X라고 알아?"
    ("라라랜드라고 알아? 내 인생 영화야", "favorite_movie", "라라랜드"),
    ("해리포터라고 알아? 다섯 번은 봤어", "favorite_movie", "해리포터"),
    ("혹시 월-E라고 알아? 애니 영화인데 세 번 봤어", "favorite_movie", "월-E"),
    # hobbies from a wider list
    ("요즘 십자수에 빠져서 주말마다 수놓고 있어", "hobby", "십자수"),
    ("나 요즘 코바늘 뜨개질 해", "hobby", "코바늘"),
    # dislikes said ahead or with a key
    ("진짜 싫어하는 음식 하나 있어. 고수!", "disliked", "고수"),
    ("내가 제일 싫어하는 건 오이야", "disliked", "오이"),
    ("세상에서 제일 싫은 맛 하나 있어. 계피!", "disliked", "계피"),
    # a relationship that just began
    ("썸 타던 사람이랑 드디어 사귀게 됐어! 이름은 준서야", "relationship_status", "연애 중"),
    ("오늘부터 1일이야 ㅎㅎ 소개팅에서 만난 사람이랑", "relationship_status", "소개팅"),
    ("모솔 탈출했어!! 동아리 선배가 고백해서 사귀기로 했어", "relationship_status", "연애 중"),
    # a best friend right after "내 베프"
    ("내 절친 민지는 떡볶이 킬러야", "best_friend", "민지"),
    ("내 단짝 수아는 중학교 때부터 친구야", "best_friend", "수아"),
    # exam dates with a day of the month
    ("다음 달 3일에 토익 시험 봐", "upcoming_exam", "다음 달 3일"),
    # age corrections
    ("사실 나 스물아홉이야. 어려 보이고 싶어서 나이 속였어", "age", "29세"),
    ("스물둘 아니고 스물다섯이야", "age", "25세"),
]


@pytest.mark.parametrize(("text", "subject", "expected"), FAMILIES)
def test_families(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


# other people's facts, hearsay and questions in the same families stay silent
FAMILY_NOISE: list[tuple[str, tuple[str, ...]]] = [
    ("연화 생일이 추석이라고? 신기하다", ("birthday",)),
    ("선비님 생일이 단오래", ("birthday",)),
    ("연화는 개성에서 나고 자랐대", ("hometown",)),
    ("언니는 부산에서 나고 자랐어", ("hometown",)),
    ("그 사람은 소방관이래", ("job",)),
    ("우리 형은 간호사로 일하고 있어", ("job",)),
    ("아빠는 왼손으로 글씨 써", ("handedness",)),
    ("우리 팀 언니는 앵무새 키우는데 이름이 망고래", ("pet",)),
    ("우리 동네 고양이 진짜 귀여워", ("pet",)),
    ("고양이 키우고 싶다", ("pet",)),
    ("엄마는 복숭아 먹으면 두드러기 나", ("allergy",)),
    ("그 바구니 복숭아 아니야?", ("allergy",)),
    ("수빈 언니는 천둥 무서워해", ("phobia",)),
    ("하은이는 천둥 치면 이불 뒤집어써", ("phobia",)),
    ("엄마는 스트레스 받으면 무조건 김치찌개야", ("favorite_food",)),
    ("친구는 스트레스 받으면 무조건 떡볶이래", ("favorite_food",)),
    ("걔는 맨날 카페 가면 아메리카노 시켜", ("favorite_drink",)),
    ("카페 가면 뭐 시켜?", ("favorite_drink", "favorite_food")),
    ("연화 최애 음식은 도토리묵이래", ("favorite_food",)),
    ("그 영화 제목이 어바웃 타임이라고?", ("favorite_movie",)),
    ("하은이는 민트초코 환장하거든", ("disliked", "likes", "favorite_food")),
    ("친구가 소개팅한 사람이랑 사귀기로 했대", ("relationship_status", "partner")),
    ("동생은 다음 달에 토익 본대", ("upcoming_exam",)),
    ("수빈 언니는 다음 달에 토익 시험 봐", ("upcoming_exam",)),
    ("너는 무슨 음식 제일 싫어해?", ("disliked",)),
]


@pytest.mark.parametrize(("text", "subjects"), FAMILY_NOISE)
def test_family_noise(text: str, subjects: tuple[str, ...]) -> None:
    got = _user(text)
    for subject in subjects:
        assert subject not in got, f"{subject}: {got.get(subject)}"


def test_pet_named_later_as_the_little_one_at_home() -> None:
    first = _user("퇴근하면 집에 애기 하나 기다리고 있어. 기니피그! 풀 엄청 먹어")
    assert first["pet"] == ["기니피그"]
    ctx = FactContext(current={"pet": ("기니피그",)})
    pet = [c for c in _facts("우리 집 애기 이름 안 알려줬지? 호두야!", ctx) if c.subject == "pet"]
    assert pet and pet[0].mode == "refine" and pet[0].value == "기니피그 '호두'"


def test_exam_subject_in_the_next_sentence() -> None:
    ctx = FactContext(current={"upcoming_exam": ("이번 주 토요일 시험",)})
    found = _facts("맞다 아까 말한 시험… 한국사 능력 검정이야. 외울 게 산더미", ctx)
    exam = [c for c in found if c.subject == "upcoming_exam"]
    assert exam and exam[0].mode == "refine"
    assert exam[0].value == "이번 주 토요일 한국사 능력 검정 시험"


def test_new_relationship_replaces_single() -> None:
    assert _user("연애 한 번도 못 해 본 모솔이야")["relationship_status"] == ["모솔"]
    got = _user("나 소개팅한 사람이랑 사귀기로 했어! 이름은 시우야. 솔로 졸업!")
    assert got["relationship_status"] == ["연애 중 (소개팅으로 만난 시우)"]
    assert got["partner"] == ["시우"]


def test_age_lie_takes_the_true_number() -> None:
    found = [
        c
        for c in _facts("고백할 게 있어. 나 스물둘 아니야. 뻥이었어. 진짜는 스물넷이야")
        if c.subject == "age"
    ]
    assert [c.value for c in found] == ["24세 (스물넷)"]
    assert found[0].confidence >= 0.9


def test_quiz_questions_about_pets_and_friends_are_silent() -> None:
    for text in (
        "마지막 문제! 우리 햄스터 이름 한 번 더 말해 줘!",
        "내 제일 친한 친구 이름 생각나?",
        "우리 집 애기 이름 뭐였게?",
    ):
        got = _user(text)
        assert "pet" not in got and "best_friend" not in got, got


def test_short_reply_answers_the_characters_question() -> None:
    ctx = FactContext(assistant_name="루나", previous_assistant_text="너는 몇 살이야?")
    found = [c for c in _facts("스물다섯ㅋㅋ", ctx) if c.subject == "age"]
    assert [c.value for c in found] == ["25세 (스물다섯)"]
    assert found[0].about == "user" and found[0].confidence == 0.7
    assert found[0].evidence == "스물다섯ㅋㅋ"
    # the same bare value with no question before it, or a question about a pet, says nothing
    assert "age" not in _user("스물다섯ㅋㅋ")
    pet = FactContext(assistant_name="루나", previous_assistant_text="강아지는 몇 살이야?")
    assert "age" not in _user("세 살", pet)


def test_full_reply_to_a_question_is_read_once() -> None:
    ctx = FactContext(assistant_name="루나", previous_assistant_text="고향이 어디야?")
    found = [c for c in _facts("내 고향은 전주야", ctx) if c.subject == "hometown"]
    assert len(found) == 1 and found[0].confidence == 0.8


def test_a_one_syllable_favourite_is_kept() -> None:
    found = extract("내가 제일 좋아하는 게임은 롤이야", FactContext())
    assert [(c.subject, c.value) for c in found] == [("favorite_game", "롤")]
    assert not extract("좋아하는 게임은 뭐야", FactContext())


def test_a_doubled_word_is_not_a_game() -> None:
    found = extract("긴장 풀리니까 몸이 근질근질해. 배드민턴 한 게임 치고 싶다", FactContext())
    assert [c for c in found if c.subject == "favorite_game"] == []
    assert [c.value for c in extract("롤 자주 해, 티어는 골드", FactContext())] == ["롤"]


def test_reaction_to_told_birthday_is_not_mine() -> None:
    told = FactContext(assistant_name="루나", previous_assistant_text="내 생일은 한글날이야.")
    got = _facts("ㅋㅋ 한글날 생일 멋지다", told)
    assert not [c for c in got if c.subject == "birthday" and c.about == "user"]


def test_feared_thing_named_in_next_sentence() -> None:
    text = "불알친구랑 놀았어. 나 그거 진짜 무서워. 까마귀만 보면 온몸이 굳음"
    got = _facts(text, CTX)
    assert [c.value for c in got if c.subject == "phobia"] == ["까마귀"]


def test_connective_sanda_is_not_the_place_lived() -> None:
    got = _user("나 연남동 원룸 사는데 집 보일러 고장 나서 여기 자주 옴")
    assert got.get("current_residence") == ["연남동 원룸"]


def test_reaction_to_what_the_other_said_is_no_fact() -> None:
    assert not _user("와 섬에서 시험공부라니 고독하겠다")
    assert not _user("다음 주에 면접이라니 떨리겠다")
    assert "upcoming_exam" in _user("나 다음 주에 시험 있어")


def test_predicate_after_where_i_live_is_no_place() -> None:
    assert "current_residence" not in _user("내가 사는 데는 조용해")
    assert "current_residence" not in _user("내가 사는 동네는 좀 시끄러워")
    assert _user("내가 사는 곳은 잠실이야").get("current_residence") == ["잠실"]


def test_age_taken_back_with_jana_is_not_kept() -> None:
    got = _user("처음에 나 스물일곱이라고 했잖아. 사실 서른이야 ㅋㅋㅋ")
    assert got.get("age") == ["30세 (서른)"]


def test_siblings_counted_are_not_the_household() -> None:
    assert _user("집에 위로 누나만 둘이라 내 의견은 늘 묵살당함").get("family") == [
        "누나 둘 (위로)"
    ]


def test_listening_to_a_class_or_coming_home_is_no_music() -> None:
    for text in ("요즘 교양 수업 들어", "맨날 집에 늦게 들어가", "요즘 잔소리 많이 들어"):
        got = _user(text)
        assert "favorite_artist" not in got and "favorite_music" not in got, text


def test_errand_with_a_time_is_no_trip() -> None:
    assert "upcoming_event" not in _user("내일 병원 가")
    assert "upcoming_event" not in _user("다음 주에 회사 가서 일정 짤 거야")


def test_sibling_word_before_a_common_noun_is_no_name() -> None:
    assert "family" not in _user("누나 회사가 강남이야")
    assert "family" not in _user("형 친구랑 놀았어")


def test_a_side_taken_is_no_name() -> None:
    for text in ("나 여름파야", "안녕! 난 민초파야", "나 부먹파야 ㅋㅋ"):
        assert "name" not in _user(text), text
    assert _user("나 김민수야").get("name") is not None


def test_laughter_ends_the_clause_before_a_pet_name() -> None:
    ctx = FactContext(previous_user_texts=("hello",), current={"pet": ("햄스터",)})
    got = _user("오 진짜 있네 ㅋㅋ 아 그리고 우리 햄스터 이름 콩떡이야", ctx)
    assert got.get("pet") == ["햄스터 '콩떡'"]


def test_reaction_and_verbal_nouns_are_not_facts() -> None:
    # a verbal noun done in a game is not its title; learning of another's allergy is not mine
    assert "favorite_game" not in _user("랭겜 돌리다가 또 실패함 ㅋㅋ 오늘 망함")
    assert "allergy" not in _user("고양이도 알레르기가 있구나 신기하다")
    # 과 after a final consonant is "with", not a department
    assert "major" not in _user("동생과 왔는데 사람 엄청 많다")
    # a pet called by a pet word ("솜뭉치요,") owns the name that follows
    assert "name" not in _user("우리 집 솜뭉치요, 이름이 보리예요!")


def test_linked_clause_keeps_the_pets_topic() -> None:
    ctx = FactContext(current={"pet": ("강아지 '초코'",)}, assistant_name="루나")
    assert "phobia" not in _user("우리 초코는 두 살인데 고양이 보면 기절할 듯", ctx)
    assert _user("난 서른인데 뱀 보면 기절해").get("phobia") == ["뱀"]


def test_pet_word_name_refines_known_pet() -> None:
    ctx = FactContext(current={"pet": ("고양이",)}, assistant_name="루나")
    got = _user("아 아까 말한 우리 집 털뭉치요, 이름이 보리예요!", ctx)
    assert got.get("pet") == ["고양이 '보리'"]
    assert "name" not in got


def test_long_talk_about_others_gives_them_no_user_facts() -> None:
    # a person introduced with 라고, and what the next subjectless sentences say of them
    got = _user(
        "며느리 될 애 얘기 해줄게요. 민아라고, 서른둘 먹은 약사예요. 고향이 전북 군산이래요."
    )
    assert not {"age", "job", "hometown"} & got.keys()
    # an age said with the honorific -시-, or of 그 양반 in a 전라도 linked clause
    assert "age" not in _user("시아버님이 올해 아흔이신디 아직 정정하세요.")
    assert "age" not in _user("이장님은 여든이 넘으셨는디 밭일을 하세요.")
    assert "age" not in _user(
        "앞집 아저씨는 낚시를 좋아하는디, 그 양반은 올해 예순셋이고 개를 키워요."
    )
    # honorific hearsay
    assert "hometown" not in _user("고향이 경남 통영이라고 하시더라고요.")
    # a subjectless sentence right after one about someone else goes on about them
    assert "job" not in _user("민수 그 사람이 어제 이삿짐을 날라줬어요. 경찰이라 그런가 힘이 세요.")
    # the user's own sentence after it is still the user's
    assert _user("엄마가 전화했어. 나는 요즘 간호사로 일해").get("job") == ["간호사"]


def test_sentence_pieces_are_not_values() -> None:
    assert "favorite_color" not in _user("너도 좋아하는 색깔 같은 건 있을 거 아니에요.")
    assert "name" not in _user("마지막이에요. 우리 고양이 이름 뭐였지요?")
    assert "name" not in _user("아 우리 주인님 이름 물어봤지? 보리야 ㅋㅋ")
    assert "likes" not in _user("나는 단풍이 드는 그 무렵이 제일 좋아요.")


def test_announced_changes_replace_the_old_value() -> None:
    got = {
        (c.subject, c.value, c.mode)
        for c in _facts("편의점 알바 그만두고 다음 주부터 카페 알바 시작해")
    }
    assert ("part_time_job", "편의점 알바", "end") in got
    assert ("part_time_job", "카페 알바", "set") in got
    got = {(c.subject, c.value, c.mode) for c in _facts("나 하루 탈덕했어 ㅠ 요즘 노을한테 입덕함")}
    assert ("favorite_artist", "하루", "end") in got
    assert ("favorite_artist", "노을", "set") in got


# casual self-descriptions without the obvious keyword (fresh chats 7 and 8)
CASUAL: list[tuple[str, str, str]] = [
    ("아 나 정우진임 ㅋㅋ 그냥 우진이라고 불러", "name", "정우진"),
    ("스물여덟 되니까 진짜 체력이 다르더라", "age", "28세"),
    ("서른 되고 나서 살이 안 빠져", "age", "30세"),
    ("181이라 다리 길어서 계단은 좀 유리할 줄 알았는데", "height", "181cm"),
    ("175라 다리가 짧아 보여", "height", "175cm"),
    ("나 과자 회사 마케팅팀이거든", "job", "마케팅팀"),
    ("저 영업팀에서 일해요", "workplace", "영업팀"),
    ("동네 수학학원에서 중딩들 가르쳐요 파트로", "job", "수학학원 강사"),
    ("집에서 애기옷 쇼핑몰 열었어요! 스마트스토어로요", "job", "쇼핑몰"),
    ("나 성탄절 전날 태어나서 선물 맨날 하나로 퉁쳐졌거든", "birthday", "12월 24일"),
    ("어린이날 다음날 태어났어", "birthday", "5월 6일"),
    ("나는 생일을 음력으로 쇠요. 시월 초사흘이 내 날인디", "birthday", "음력 10월 3일"),
    ("나는 가을이 제일 좋거든", "favorite_season", "가을"),
    ("나 높은 곳 진짜 못 가거든", "phobia", "높은 곳"),
    ("오이는 냄새만 나도 못 먹어 진짜", "disliked", "오이"),
    ("고수는 향만 맡아도 토할 것 같아", "disliked", "고수"),
    ("반대로 질색하는 것도 있어요. 오이요.", "disliked", "오이"),
    ("이제 문래동 주민임 ㅋㅋ 신림 원룸 탈출함", "current_residence", "문래동"),
    ("길 건너 푸른마을 7단지 살아서 자주 올 듯요", "current_residence", "푸른마을 7단지"),
    (
        "지금은 대전 유성구 온천 동네에 산 지가 벌써 삼십 년이 넘었네요",
        "current_residence",
        "유성구",
    ),
    ("전 어느 카페 가도 무조건 바닐라라떼예요", "favorite_drink", "바닐라라떼"),
    ("편의점 가서 제로콜라 두 캔 사 옴. 하루에 세 캔은 마시는 듯", "favorite_drink", "제로콜라"),
    ("요즘은 흑임자라떼에 꽂혔어요. 앞으로 제 최애는 흑임자라떼!", "favorite_drink", "흑임자라떼"),
    ("국밥은 진짜 일주일 내내 먹으라 해도 먹을 수 있음", "favorite_food", "국밥"),
    ("둘이 곱창에 소주 한잔하기로 했거든요. 그게 저희 유일한 낙", "favorite_food", "곱창"),
    ("먹는 거 얘기허자면, 나는 뭐니 뭐니 해도 벌교 꼬막이 최고예요", "favorite_food", "꼬막"),
    ("노래는 뭐니 뭐니 해도 나훈아지요", "favorite_artist", "나훈아"),
    ("꽃은 나는 동백이 좋아요", "likes", "동백"),
    ("옷 살 적에 손이 가는 색이 있어요. 연보라요.", "favorite_color", "연보라"),
    ("연두색 이거요, 제가 연두 덕후라 텀블러만 세 개예요", "favorite_color", "연두"),
    ("오늘 출근길에 검정치마 듣다가 내릴 역 지나침", "favorite_artist", "검정치마"),
    ("여기 음악 좋네요. 저 설거지할 때 맨날 성시경 틀어놓거든요", "favorite_artist", "성시경"),
    ("레고 질렀음 ㅋㅋ 퇴근하고 밤에 조금씩 조립하는 게 요즘 유일한 낙임", "hobby", "레고"),
    ("애들 재우고 코바늘 잡는 게 낙이에요", "hobby", "코바늘"),
    ("쉬는 날이면 나는 산을 타요", "hobby", "등산"),
    ("주말에 슬램덩크 전권 다시 정주행했는데 또 울었음", "favorite_book", "슬램덩크"),
    ("다음 달 말에 2박 3일로 가기로 했거든. 여행 일정 짜야지", "upcoming_event", "다음 달 말"),
    ("아 여행지 말 안 했네 후쿠오카임! 라멘 투어 할 거", "upcoming_event", "후쿠오카"),
    (
        "큰애가 드디어 날을 잡았거든요. 오월 열이레, 5월 17일 토요일에 식 올려요",
        "upcoming_event",
        "5월 17일",
    ),
    ("주말에 여동생 서울 올라온다고 해서 방 치워야 됨", "family", "여동생"),
    ("첫째가 딸 다온이 일곱 살이고 둘째가 아들 시우 네 살이에요", "family", "다온"),
    ("큰애 지현이는 스물아홉인디 은행 다니고, 작은놈 태민이는 스물여섯", "family", "태민"),
    (
        "아까 태식이한테 전화 옴 ㅋㅋ 고딩 때부터 붙어 다닌 놈인데 걔가 내 베프거든.",
        "best_friend",
        "태식",
    ),
    ("제 고딩 때부터 단짝인 친구가 알려줬어요", "best_friend", "단짝 친구"),
    ("내 제일 친한 친구는 고향 동창 한영순이에요", "best_friend", "한영순"),
    ("남편이 소방관인데 오늘 비번이라", "spouse", "소방관"),
    ("우리 집 양반은 석진호 씨라고, 나보다 네 살 위예요", "spouse", "석진호"),
    ("친정엄마 손 잡고 절에 다니던 게 몸에 배어서", "religion", "불교"),
    ("현관문 열면 고양이가 쪼르르 마중 나와서 그걸로 버팀", "pet", "고양이"),
    ("나도 NC 다이노스 골수팬임 ㅇㅇ 직관 가면 목 쉬어서 옴", "favorite_artist", "NC 다이노스"),
    (
        "복숭아 들어간 건 저 절대 안돼요 ㅠ 털만 스쳐도 입술 퉁퉁 부어서 응급실 간 적도 있어요",
        "allergy",
        "복숭아",
    ),
]


@pytest.mark.parametrize(("text", "subject", "expected"), CASUAL)
def test_casual_self_descriptions(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


# the same shapes said of someone else, as a wish, or as a plain one-off
CASUAL_NOISE: list[tuple[str, tuple[str, ...]]] = [
    ("옆자리 김대리님이 강아지 사진 보여줬는데 뭉치라는 포메임", ("pet",)),
    ("저녁에 바베큐 했는데 신입 도윤이가 제주도 출신이라 귤 얘기만 함", ("hometown",)),
    ("팀 막내 도윤이가 이번 주말에 토익 본다고 단어장 봄", ("upcoming_exam",)),
    ("작은놈 태민이는 스물여섯, 제대하고 공무원 시험 본다고 고시원에 있어요", ("upcoming_exam",)),
    ("우리 집 고양이는 물 보면 기절할 듯", ("phobia",)),
    (
        "점심 때 팀장님이 횟집 데려가셨는데 회는 좀... 여수 촌놈이라 까다로워짐",
        ("job", "workplace"),
    ),
    ("어머님이 서울 오셨는데. 대구 출신이셔", ("hometown",)),
    ("고향 생각날 적마다 택배로 시켜 먹는다니께요", ("hometown",)),
    ("내 친구는 부산 살아. 지금은 광주에 있대", ("current_residence",)),
    ("어렸을 적에 그거 한 입 물었다가 입술이 붓고. 껍질 털만 스쳐도 가려워요", ("allergy",)),
    ("민수 남동생이 군대 갔대", ("family",)),
    ("친구 여동생이 놀러 왔어", ("family",)),
    ("여동생 있었으면 좋겠다", ("family",)),
    ("엄마가 동네에 카페 차렸어", ("job",)),
    ("언젠가 카페 차리고 싶어", ("job",)),
    ("더워서 맨날 에어컨 틀어놓거든", ("favorite_artist", "favorite_music")),
    ("엄마가 요즘 트로트 듣다가 잠들어", ("favorite_artist", "favorite_music")),
    ("동생이 하루에 커피 세 잔은 마셔", ("favorite_drink",)),
    ("민수가 다음 달에 여행 가기로 했대", ("upcoming_event",)),
    ("뭐니 뭐니 해도 건강이 최고지", ("favorite_food", "favorite_artist")),
    ("역시 치킨이지", ("favorite_food",)),
    ("주말에 산에 가요", ("hobby",)),
    ("높은 곳에 못 가봤어", ("phobia",)),
    ("엄마 제일 친한 친구가 왔어", ("best_friend",)),
    ("친구네 첫째가 딸 수아 다섯 살이래", ("family",)),
    ("막내가 요즘 말을 안 들어", ("family",)),
    ("첫째는 아들 민준 열 살, 둘째는 딸 서아 여섯 살", ("age",)),
    ("엄마가 떡볶이 해주셨어. 그게 엄마 낙이래", ("favorite_food",)),
    ("지리산 지나서 왔어", ("current_residence",)),
]


@pytest.mark.parametrize(("text", "subjects"), CASUAL_NOISE)
def test_casual_noise(text: str, subjects: tuple[str, ...]) -> None:
    got = _user(text)
    for subject in subjects:
        assert subject not in got, (subject, got)


def test_me_too_like_is_no_favourite() -> None:
    assert _user("저도 얼그레이 좋아해요") == {"likes": ["얼그레이"]}
    assert "favorite_food" in _user("저도 떡볶이 제일 좋아해요")


def test_the_usual_confirms_the_known_favourite() -> None:
    ctx = FactContext(assistant_name="루나", current={"favorite_drink": ("바닐라라떼",)})
    assert _user("음료는 늘 마시던 걸로 주세요", ctx).get("favorite_drink") == ["바닐라라떼"]


def test_answers_about_names_pets_friends_and_desserts() -> None:
    asked = FactContext(assistant_name="태식", previous_assistant_text="성함 여쭤봐도 돼요?")
    assert _user("ㅋㅋ 오세라예요, 그냥 세라 씨 하셔도 돼요~", asked).get("name") == ["오세라"]
    # "이름 너무 듬직한데?" remarks on a name; it does not ask for the user's
    remark = FactContext(previous_assistant_text="이름 너무 듬직한데? ㅋㅋ")
    assert "name" not in _user("사진 많음 ㅋㅋ 나중에. 퇴근길엔 항상 잔나비 들어", remark)
    pet = FactContext(
        previous_assistant_text="아 근데 아까 고양이 이름은 뭐예요?",
        current={"pet": ("고양이 (치즈냥)",)},
    )
    got = [c for c in _facts("콩떡이요 ㅋㅋㅋ 애들이 지었어요", pet) if c.subject == "pet"]
    assert got and "콩떡" in got[0].value and got[0].mode == "refine"
    friend = FactContext(
        previous_assistant_text="그 친구분 이름이 뭐예요?",
        current={"best_friend": ("단짝 친구 (고딩 때부터)",)},
    )
    got = [c for c in _facts("은채요! 한은채 ㅋㅋ", friend) if c.subject == "best_friend"]
    assert got and "은채" in got[0].value and got[0].mode == "refine"
    assert "name" not in _user("은채요! 한은채 ㅋㅋ", friend)
    dessert = FactContext(previous_assistant_text="디저트는 뭐 좋아하세요?")
    got2 = _user("전 할매 입맛이라 약과요 ㅋㅋ", dessert)
    assert got2.get("likes") == ["약과"] and "favorite_food" not in got2


# older speakers, dialect and fan talk (fresh chats 1 to 6)
SPOKEN: list[tuple[str, str, str]] = [
    ("저 캐럿이에요~ 세븐틴 콘서트 피켓팅 또 실패했어요", "favorite_artist", "세븐틴"),
    ("저 쌍둥이예요! 남동생이랑. 5분 늦게 나온 주제에 더 커요", "family", "쌍둥이 (남동생)"),
    ("위로 누님 두 분 계셔서 어릴때 화장 실험대였음", "family", "누님 두 분"),
    (
        "민지한테도 이 얘기 해줘야지 ㅋㅋ 초딩 때부터 단짝인데 걔는 이런 거 좋아해",
        "best_friend",
        "민지",
    ),
    ("나 올해 스물넷인데 아직도 이렇게 설레도 되는 거임?", "age", "24세"),
    ("아 그리고 나 빼빼로데이에 태어났거든? 그래서 빼빼로만 받음", "birthday", "11월 11일"),
    ("연애? ㅋㅋㅋ 나 모쏠이야", "relationship_status", "모쏠"),
    ("이제 내 최애는 카엘이야", "favorite_artist", "카엘 (최애)"),
    ("우리 집에 털뭉치 하나 있어. 치즈 고양이인데 완전 개냥이야", "pet", "고양이"),
    ("계절은요, 나는 단풍이 울긋불긋 드는 그 무렵이 제일 좋아요", "favorite_season", "가을"),
    ("계절은 벚꽃 필 때가 제일 좋지", "favorite_season", "봄"),
    ("시장 입구에 붕어빵 트럭 생겼더라. 난 팥 아니면 안 먹음", "likes", "팥 붕어빵"),
    (
        "딱 한 가지 못 먹는 과일이 있어요. 그거 한 입 베어 물었다가 두드러기가 올라와서",
        "allergy",
        "과일",
    ),
    ("새우 한 입 물었다가 두드러기 났어", "allergy", "새우"),
    (
        "나는 한화 이글스 골수팬인디 그 양반은 야구를 영 모르거든요",
        "favorite_artist",
        "한화 이글스",
    ),
    ("요즘 필카 들고 다니면서 찍는게 낙이야", "hobby", "필카 들고 다니면서 찍기"),
]


@pytest.mark.parametrize(("text", "subject", "expected"), SPOKEN)
def test_spoken_styles(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


SPOKEN_NOISE: list[tuple[str, tuple[str, ...]]] = [
    ("우리 집 막내가 고3이라 요즘 엄마가 TV도 못 켜게 함", ("school",)),
    ("지환이는 요즘 어때? 검정고시 본다며", ("upcoming_exam",)),
    ("나 모쏠이야 덕질이 곧 연애임", ("favorite_artist",)),
    ("친구가 쌍둥이야", ("family",)),
    ("나 마이 방 갈래", ("favorite_artist",)),
    ("엄마한테 전화했어. 우리 둘이 단짝이야", ("best_friend",)),
    ("단풍 드는 때가 제일 좋아", ("favorite_season",)),
    ("내 생일 언제라고 했지?", ("birthday",)),
    ("난 팥 아니면 안 먹음", ("likes",)),
]


@pytest.mark.parametrize(("text", "subjects"), SPOKEN_NOISE)
def test_spoken_noise(text: str, subjects: tuple[str, ...]) -> None:
    got = _user(text)
    for subject in subjects:
        assert subject not in got, (subject, got)


def test_first_message_name_and_the_characters_given_name() -> None:
    first = FactContext(assistant_name="강이든")
    assert _user("헐 이든아 진짜 너야?? 🥹 나 채린!! 1화부터 봤어", first).get("name") == ["채린"]
    assert "name" not in _user("이든아 안녕! 나 피곤해", first)
    later = FactContext(assistant_name="강이든", previous_user_texts=("하이",))
    assert "name" not in _user("이든아 나 채린!!", later)


def test_a_team_is_kept_beside_a_new_singer() -> None:
    ctx = FactContext(current={"favorite_artist": ("NC 다이노스 (응원하는 팀)",)})
    got = _user("요즘 데이식스만 들어 출근길에", ctx)
    assert got.get("favorite_artist") == ["데이식스"]
    assert got.get("likes") == ["NC 다이노스 (응원하는 팀)"]
    singer = FactContext(current={"favorite_artist": ("나훈아",)})
    got = _user("야구 시즌이면 난 한화 이글스 골수팬임", singer)
    assert got.get("likes") == ["한화 이글스 (응원하는 팀)"] and "favorite_artist" not in got


def test_allergy_kind_named_later_refines() -> None:
    ctx = FactContext(current={"allergy": ("과일 알레르기",)})
    got = [c for c in _facts("아까 내가 못 먹는다던 그 과일이요, 그게 복숭아예요.", ctx)]
    allergy = [c for c in got if c.subject == "allergy"]
    assert allergy and allergy[0].value == "복숭아 알레르기" and allergy[0].mode == "refine"


CASUAL_ENDINGS: list[tuple[str, str, str]] = [
    ("나 이번에 서른 됨 ㅠ", "age", "30세"),
    ("파란색 옷만 삼", "favorite_color", "파란색"),
    ("주말마다 클라이밍 다님", "sport", "클라이밍"),
    ("요즘 데이식스 노래만 들음", "favorite_artist", "데이식스"),
    ("나 고양이 두 마리 키움", "pet", "고양이"),
    ("여친 생김 ㅋㅋ", "relationship_status", "연애 중"),
    ("다음 달에 일본 여행 감", "upcoming_event", "일본"),
    ("토요일마다 친구랑 테니스 감", "sport", "테니스"),
    ("난 카페 가면 딸기라떼만 마심 ㅋㅋ", "favorite_drink", "딸기라떼"),
]


@pytest.mark.parametrize(("text", "subject", "expected"), CASUAL_ENDINGS)
def test_casual_nominal_endings(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


def test_casual_endings_leave_nouns_alone() -> None:
    from soulmem.perceive.facts.ko_casual import plain_endings

    assert plain_endings("자신감") == "자신감"
    assert plain_endings("생김새가 특이해") == "생김새가 특이해"
    assert plain_endings("홍삼") == "홍삼"
    assert plain_endings("편의점 가서 두 캔 사 옴. 하루에") == "편의점 가서 두 캔 사 와. 하루에"
    assert "disliked" not in _user("붕어빵 트럭 생겼더라. 난 팥 아니면 안 먹음, 슈크림은 모독임")


MORE_WAYS: list[tuple[str, str, str]] = [
    ("대구에서 나고 자람", "hometown", "대구"),
    ("부산 사나이라 사투리 못 고침", "hometown", "부산"),
    ("요즘 연남동 쉐어하우스에서 지냄", "current_residence", "연남동"),
    ("나 물류센터에서 일함", "workplace", "물류센터"),
    ("간호사 3년차임", "job", "간호사"),
    ("개발자 5년째야", "job", "개발자"),
    ("회사에서 디자인팀 막내임", "job", "디자인팀"),
    ("커피는 무조건 아아", "favorite_drink", "아아"),
    ("술은 무조건 소맥이지", "favorite_drink", "소맥"),
    ("취미로 베이킹 함", "hobby", "베이킹"),
    ("나 168인데 언니는 더 커", "height", "168cm"),
    ("베프 이름은 지수", "best_friend", "지수"),
]


@pytest.mark.parametrize(("text", "subject", "expected"), MORE_WAYS)
def test_more_ways_of_saying_it(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert subject in got, f"{subject} missing in {got}"
    assert any(expected in v for v in got[subject]), got[subject]


def test_more_ways_noise() -> None:
    assert "family" not in _user("회사에서 디자인팀 막내임")
    assert "favorite_food" not in _user("엄마는 무조건 집밥이야")
    assert "hometown" not in _user("부산 아가씨가 왔어")
    assert "job" not in _user("마케팅팀 회의 길어")
    assert _user("취미로 베이킹 함")["hobby"] == ["베이킹"]


def test_habits_by_how_often() -> None:
    assert _user("퇴근하면 맥주 한 캔씩 마셔요").get("favorite_drink") == ["맥주"]
    assert _user("떡볶이는 일주일에 세 번은 먹어요").get("favorite_food") == ["떡볶이"]
    assert "favorite_food" not in _user("동생은 일주일에 한 번 치킨 먹어")
    # a music word inside another word ("초록색") is no genre
    assert "favorite_music" not in _user("저는 초록색을 제일 좋아해요")


def test_others_said_the_casual_way_are_not_the_user() -> None:
    for text in (
        "팀장님 스물여덟 되셨대",
        "동생이 과자 회사 마케팅팀이래",
        "김대리님은 가을이 제일 좋대",
        "언니는 오이 냄새만 나도 못 먹어",
        "친구가 어느 카페 가도 무조건 바닐라라떼야",
        "민수는 하루에 세 캔은 마셔",
        "형이 다음 달 말에 2박 3일로 여행 가기로 했대",
        "엄마가 노래는 뭐니 뭐니 해도 나훈아래",
        "지수는 쌍둥이야",
        "민지는 솔로야",
    ):
        assert _user(text) == {}, text


def _changes(text: str, current: dict[str, tuple[str, ...]]) -> list[tuple[str, str, str]]:
    ctx = FactContext(assistant_name="루나", previous_user_texts=("안녕",), current=current)
    return sorted((c.subject, c.value, c.mode) for c in _facts(text, ctx) if c.about == "user")


SWITCHES: list[tuple[str, dict[str, tuple[str, ...]], tuple[str, str, str]]] = [
    # a job left and the new one, in one sentence or after a comma
    (
        "다니던 제약회사는 이번 달로 정리하고 다음 주부터 의료기기 회사로 출근합니다.",
        {"job": ("제약회사 영업부 과장",)},
        ("job", "제약회사 영업부 과장", "end"),
    ),
    (
        "다니던 제약회사는 이번 달로 정리하고 다음 주부터 의료기기 회사로 출근합니다.",
        {},
        ("workplace", "의료기기 회사", "set"),
    ),
    ("카카오 그만두고 네이버 들어감", {"workplace": ("카카오",)}, ("workplace", "네이버", "set")),
    (
        "카카오 퇴사하고 다음 달부터 네이버 출근해",
        {"workplace": ("카카오",)},
        ("workplace", "카카오", "end"),
    ),
    ("편의점 알바 그만두고, 이제 학원 조교 해", {}, ("part_time_job", "학원 조교", "set")),
    # a move with the old place left, or only the new one
    (
        "신촌 원룸 빼고\n합정으로 이사했어",
        {"current_residence": ("신촌",)},
        ("current_residence", "신촌", "end"),
    ),
    ("서울 생활 접고 제주로 내려왔어요", {}, ("current_residence", "제주", "set")),
    ("이사 끝! 이제 부산 사람임", {}, ("current_residence", "부산", "set")),
    # a pet that died, and a new one
    (
        "초코가 지난주에 무지개다리 건넜어",
        {"pet": ("강아지 '초코'",)},
        ("pet", "강아지 '초코'", "end"),
    ),
    (
        "초코 보내고 새로 고양이 한 마리 데려왔어 이름은 두부",
        {"pet": ("강아지 '초코'",)},
        ("pet", "고양이 '두부'", "set"),
    ),
    # a new partner after a break-up; a favourite given up for another
    ("민수랑 헤어지고 지금은 준호 만나", {"partner": ("민수",)}, ("partner", "준호", "set")),
    (
        "이제 아메리카노는 완전히 끊고 우엉차로 갈아탔어요. 며칠 마셔 보니 좋네요",
        {"favorite_drink": ("아메리카노",)},
        ("favorite_drink", "아메리카노", "end"),
    ),
    (
        "요즘은 떡볶이 질렸고 마라탕만 먹어",
        {"favorite_food": ("떡볶이",)},
        ("favorite_food", "떡볶이", "end"),
    ),
    (
        "요즘은 떡볶이 질렸고 마라탕만 먹어",
        {"favorite_food": ("떡볶이",)},
        ("favorite_food", "마라탕", "set"),
    ),
]


@pytest.mark.parametrize(("text", "current", "expected"), SWITCHES)
def test_changes_told_in_passing(
    text: str, current: dict[str, tuple[str, ...]], expected: tuple[str, str, str]
) -> None:
    assert expected in _changes(text, current)


def test_changes_not_made() -> None:
    job = {"workplace": ("카카오",), "job": ("간호사",)}
    assert not any(m == "set" for _, _, m in _changes("카카오 그만두고 이직 준비 중", job))
    assert ("job", "제약회사 과장", "end") not in _changes(
        "나 회사 그만두고 싶어", {"job": ("제약회사 과장",)}
    )
    assert _changes("초코 사진 친구한테 보냈어", {"pet": ("강아지 '초코'",)}) == []
    assert _changes("요즘 지수 만나서 놀아", {"partner": ("민수",)}) == []
    assert _changes("아이폰으로 갈아탔어", {}) == []
    assert _changes("전기차로 바꿨어 기름값 아끼려고", {}) == []
    assert "favorite_drink" not in _user("엄마는 녹차로 바꿨대")


TOLD_FORMALLY: list[tuple[str, str, str]] = [
    ("저는 남궁현석이라고 합니다.", "name", "남궁현석"),
    ("저는 찬바람 불고 낙엽 밟히는 가을이 제일 좋습니다.", "favorite_season", "가을"),
    ("토요일 오후마다 동네 체육관에서 배드민턴을 칩니다.", "sport", "배드민턴"),
    ("운전할 때는 김광석 노래만 틉니다.", "favorite_artist", "김광석"),
    ("어릴 때는 여수 돌산 바닷가에서 컸습니다.", "hometown", "여수"),
    ("나 어릴 때 부산에서 자랐어", "hometown", "부산"),
    ("나 원래 전주 촌사람인데 대학 땜에 올라왔어", "hometown", "전주"),
    ("저 위 칸 책 꺼내 드릴게요. 제가 182라 이럴 때나 쓸모가 있습니다.", "height", "182cm"),
    ("저는 제약회사 영업부에서 과장 달고 있습니다.", "job", "제약회사 영업부 과장"),
    ("나 은행 대리야", "job", "은행 대리"),
    ("집에 가면 딸만 둘이라 제 편이 하나도 없습니다.", "family", "딸만 둘"),
    ("아들 하나 딸 하나 있어", "family", "아들 하나, 딸 하나"),
    ("과는 시각디자인이야 ㅋㅋ 과제 지옥", "major", "시각디자인"),
    (
        "아이스 아메리카노 한 사발 안 들이켜면 하루가 시작이 안 돼요.",
        "favorite_drink",
        "아메리카노",
    ),
    ("우리 집 개는 콩떡이라고 불러", "pet", "강아지 '콩떡'"),
    ("마흔 넘은 아줌마야 ㅋㅋ", "age", "40세"),
]


@pytest.mark.parametrize(("text", "subject", "expected"), TOLD_FORMALLY)
def test_told_formally_or_in_passing(text: str, subject: str, expected: str) -> None:
    got = _user(text)
    assert any(expected in v for v in got.get(subject, [])), got


def test_told_in_passing_noise() -> None:
    assert "age" not in _user("그 녀석이랑 통화하면 스무 살로 돌아가요.")
    assert "age" not in _user("마흔 넘은 남자 둘이 부둥켜안고요.")
    assert "hometown" not in _user("그 과장은 목포 출신이래요.")
    assert "sport" not in _user("옆자리 과장이 요즘 골프에 빠져서 점심마다 스윙 연습을 합니다.")
    assert "job" not in _user("남편은 은행 과장이에요")
    assert "family" not in _user("친구는 딸만 둘이래")
    assert "family" not in _user("나중에 애 둘 낳고 싶어")
    assert "major" not in _user("결과는 좋았어")
    assert _user("고양이 좋아해서 다들 나를 냥이라고 불러").get("nickname") == ["냥"]
    assert "likes" not in _user("처음엔 걸레 빤 물 같더니 이젠 없으면 못 살아요.")
    assert "disliked" not in _user("대신 오이 올라간 건 질색이라 꼭 빼 달라고 합니다.")


def test_close_friend_named_a_message_later() -> None:
    ctx = FactContext(previous_user_texts=("나 베프 하나 있는데 걔가 너 보고싶대 ㅋㅋ",))
    assert ("best_friend", "소윤 (베프)") in [
        (c.subject, c.value) for c in _facts("ㅇㅇ 걔도 노래 개잘함 이름은 소윤이 ㅋㅋ", ctx)
    ]
    assert not any(c.subject == "best_friend" for c in _facts("걔 동생 이름은 민지야", ctx))


SWITCHES_MORE: list[tuple[str, dict[str, tuple[str, ...]], tuple[str, str, str]]] = [
    (
        "망원동으로 왔어 신촌에서",
        {"current_residence": ("신촌",)},
        ("current_residence", "망원동", "set"),
    ),
    ("집 옮겼어 ㅋㅋ 이제 합정 살아", {}, ("current_residence", "합정", "set")),
    (
        "병원 그만뒀어요. 이제 보건소 다녀요",
        {"workplace": ("병원",)},
        ("workplace", "보건소", "set"),
    ),
    ("민수랑 결국 끝났어요", {"partner": ("민수",)}, ("partner", "민수", "end")),
    ("초코 지난달에 떠났어", {"pet": ("강아지 '초코'",)}, ("pet", "강아지 '초코'", "end")),
    ("25살이라고 한 거 거짓말이야. 사실 22살", {"age": ("25세",)}, ("age", "22세", "set")),
    ("나이 사실 스물다섯 아니고 스물둘임", {"age": ("25세",)}, ("age", "22세 (스물둘)", "set")),
    (
        "요즘은 아이유보다 뉴진스가 더 좋아",
        {"favorite_artist": ("아이유",)},
        ("favorite_artist", "뉴진스", "set"),
    ),
    (
        "요즘은 아이유보다 뉴진스가 더 좋아",
        {"favorite_artist": ("아이유",)},
        ("favorite_artist", "아이유", "end"),
    ),
]


@pytest.mark.parametrize(("text", "current", "expected"), SWITCHES_MORE)
def test_more_changes_told_in_passing(
    text: str, current: dict[str, tuple[str, ...]], expected: tuple[str, str, str]
) -> None:
    assert expected in _changes(text, current)


def test_more_changes_not_made() -> None:
    assert _changes("초코 데리고 여행 떠났어", {"pet": ("강아지 '초코'",)}) == []
    assert _changes("민수랑 싸운 거 끝났어", {"partner": ("민수",)}) == []
    assert _changes("신촌에서 친구 만났어", {"current_residence": ("신촌",)}) == []
    assert _changes("병원 다녀왔어. 이제 학교 다녀", {"workplace": ("병원",)}) == []
    assert _changes("동생은 아이유보다 뉴진스가 더 좋대", {"favorite_artist": ("아이유",)}) == []


def test_changes_with_the_old_value_named() -> None:
    home = {"current_residence": ("대전",)}
    assert ("current_residence", "서울", "set") in _changes("대전 떠나 서울 왔어요", home)
    assert ("current_residence", "부산", "set") in _changes("대전 집 빼고 부산 내려왔어", home)
    assert _changes("대전 떠나서 여행 왔어", home) == []
    work = {"workplace": ("삼성전자",), "hobby": ("등산",)}
    got = _changes("삼성전자 나와서 지금은 스타트업 다녀", work)
    assert ("workplace", "삼성전자", "end") in got and ("workplace", "스타트업", "set") in got
    got = _changes("등산은 무릎 때문에 접고 요즘은 수영 다녀", work)
    assert ("hobby", "등산", "end") in got and not any(s == "workplace" for s, _, _ in got)
    pet = {"pet": ("고양이 '나비'",)}
    assert ("pet", "고양이 '나비'", "end") in _changes("나비 떠나보내고 많이 울었어", pet)


def test_an_end_comes_before_the_new_value() -> None:
    ctx = FactContext(previous_user_texts=("안녕",), current={"favorite_drink": ("아메리카노",)})
    got = [(c.subject, c.mode) for c in _facts("아메리카노 끊고 보리차로 갈아탔어. 매일 마셔", ctx)]
    assert got.index(("favorite_drink", "end")) < got.index(("favorite_drink", "set"))


def test_someone_elses_pastimes_and_scenes_are_not_the_users() -> None:
    assert _user("밤마다 옆집 남자가 기타 쳐") == {}
    assert "sport" not in _user("아빠랑 탁구치는 장면에서 무너짐")
    assert "favorite_artist" not in _user("나 지금 이어폰 끼고 노래 듣는 중 ㅎㅎ")
    assert "favorite_artist" not in _user("밴드 노래 들으면 눈물 줄줄")
    assert _user("주말마다 탁구 쳐").get("sport") == ["탁구"]


@pytest.mark.parametrize(
    ("text", "subject", "expected"),
    [
        ("나 윤태겸임 ㅇㅇ", "name", "윤태겸"),
        ("원래 여수 살다가 중딩 때 대전으로 이사옴", "hometown", "여수"),
        ("원래 여수 살다가 중딩 때 대전으로 이사옴", "current_residence", "대전"),
        ("원래 목포 살다가 7살 때 광주로 이사 갔어", "hometown", "목포"),
        ("전 원래 바닷가 촌년이에요 ㅎㅎ 여수요.", "hometown", "여수 (바닷가)"),
        ("학원 끝나고 먹는 돼지국밥이 ㄹㅇ 인생 유일한 낙임", "favorite_food", "돼지국밥"),
        ("퇴근하고 마시는 맥주가 유일한 낙이야", "favorite_drink", "맥주"),
        ("난 돼지국밥파임. 오늘도 한 그릇 때림", "favorite_food", "돼지국밥"),
        ("머리 터질 것 같으면 큐브 맞춤", "hobby", "큐브 맞추기"),
        ("답답하면 그냥 노래 불러", "hobby", "노래 부르기"),
        ("동료들이 저보고 전형적인 잇프제래요 ㅋㅋ", "mbti", "ISFJ (잇프제)"),
        ("니큐에서 일하거든요, 신생아 중환자실이요.", "workplace", "니큐"),
        ("수국 보면 그냥 기분이 좋아져요", "likes", "수국"),
        ("제가 좋아하는 꽃은 수국이에요", "likes", "수국 (꽃)"),
        ("그 샤프심 빌려가던 애 있잖아 채원이. 오늘 걔랑 사귀기로 함", "partner", "채원"),
        ("저 이제 태현 씨랑 연애 중이에요.", "partner", "태현"),
        (
            "사귀기로 했어요 ㅋㅋ 저 이제 태현 씨랑 연애 중이에요.",
            "relationship_status",
            "연애 중 (태현)",
        ),
        ("나도 새솔고 다님", "school", "새솔고"),
    ],
)
def test_round_three_statements(text: str, subject: str, expected: str) -> None:
    assert expected in _user(text).get(subject, [])


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("나 이과생임", "name"),
        ("원래 부천 살다가 이번에 망원동으로 이사했어요", "hometown"),
        ("큰누나는 간호사라 오늘 밤샘 근무고 작은누나는 대학생이라 놀러감", "job"),
        ("큰아들은 의사야", "job"),
        ("걔도 이 게임 하는데 힐러만 데리고 다님 ㅋㅋ", "school"),
        ("게임에 비둘기 나오면 ㄹㅇ 로그아웃함", "favorite_game"),
        ("급식에 오이 나오면 다 골라냄. 냄새부터 극혐임", "disliked"),
        ("아니 그게 싫은 게 아니라… 좀 좋음", "disliked"),
        ("나이트 끝나고 1호선 타면 그냥 기절해요", "phobia"),
        ("하람 씨 진짜 저의 새벽 상담사예요", "job"),
        ("넌 내 인생 선생님이야", "job"),
        ("제가 병원에서 일하는 부서 다시 한번만요", "workplace"),
        ("나래는 포메 키우는데 이름이 콩떡이에요.", "pet"),
        ("대박. 오늘 걔랑 사귀기로 함", "partner"),
        ("걔 얼굴 보면 기분이 좋아져", "likes"),
    ],
)
def test_round_three_not_the_users(text: str, subject: str) -> None:
    assert subject not in _user(text)


def test_a_type_said_back_to_the_character_is_not_the_users() -> None:
    said = "제 MBTI가 INFP라 이런 거에 과몰입하거든요."
    ctx = FactContext(previous_user_texts=("안녕",), previous_assistant_text=said)
    assert "mbti" not in _user("INFP ㅋㅋㅋ 완전 어울려요", ctx)
    assert _user("저도 INFP예요!", ctx).get("mbti") == ["INFP"]


# round four: 음슴체 chat ("~임", "ㄹㅇ") and old-fashioned 존댓말 with ellipses
@pytest.mark.parametrize(
    ("text", "subject", "expected"),
    [
        ("아 나 직업은 인디겜 회사 클라 프로그래머임 직원 여섯명짜리", "job", "클라 프로그래머"),
        ("본업은 프론트 개발자임 ㅋㅋ 3년차", "job", "프론트 개발자"),
        ("아 근데 내 인생겜은 스타듀밸리임 그거 하다가 결심함", "favorite_game", "스타듀밸리"),
        ("하이큐가 내 인생 애니야", "favorite_movie", "하이큐"),
        ("연애? 솔로 3년차임 연애세포 다 죽음", "relationship_status", "솔로 3년차"),
        ("나 모태 솔로야", "relationship_status", "모태솔로"),
        ("우리집에 고슴도치 한마리 있음 밤마다 쳇바퀴 돌림", "pet", "고슴도치"),
        ("콩이가 우리 강아지 이름이야", "pet", "강아지 '콩'"),
        ("보리는 내 고양이 이름이에요", "pet", "고양이 '보리'"),
        ("근데 나 전형적인 인팁이라 기념일 못 챙김", "mbti", "INTP (인팁)"),
        ("나 엔팁임", "mbti", "ENTP"),
        ("나 비둘기 ㄹㅇ 무서워 날개 펄럭이는 거", "phobia", "비둘기"),
        ("나 거미 ㄹㅇ 극혐임 보기만 해도 소름", "phobia", "거미"),
        ("요즘 주말마다 테니스 침", "sport", "테니스"),
        ("결국 마라탕 시킴 이번 주만 세번째 ㅋㅋㅋ", "favorite_food", "마라탕"),
        ("이번 달에만 네 번째 떡볶이야", "favorite_food", "떡볶이"),
        ("우리 겜 11월 지스타 시연 부스 나가기로 함", "upcoming_event", "11월 지스타 시연 부스"),
        ("다음 달에 마라톤 대회 나가기로 했어", "upcoming_event", "다음 달 마라톤 대회"),
        ("회사 책상 왜케 낮냐 183이면 모든 책상이 난쟁이 책상임", "height", "183cm"),
        ("185면 어딜 가나 고개 숙여야 함", "height", "185cm"),
        ("아 요즘 레고 테크닉 조립하면서 잔나비 틀어놓는 게 유일한 힐링임", "hobby", "레고"),
        ("오늘 야근하면서 잔나비 새 앨범 무한반복함 ㅠㅠ", "favorite_artist", "잔나비"),
        ("이건... 제가 나고 자란 동네입니다. 소백산 자락에 풍기라고...", "hometown", "풍기"),
        ("여기가 내가 태어난 곳이야. 강릉 바닷가 마을", "hometown", "강릉"),
        ("철도청에 들어갔지요... 그 뒤로 서른세 해를 꼬박 기차를 몰았습니다.", "job", "기차 운전"),
        (
            "철도청에 들어갔지요... 그 뒤로 서른세 해를 꼬박 기차를 몰았습니다.",
            "workplace",
            "철도청",
        ),
        ("30년 동안 버스를 운전했어", "job", "버스 운전 (30년)"),
        ("평생 교편을 잡았습니다...", "job", "교사"),
        ("나 원래 간호사였어", "job", "간호사"),
        (
            "그래도 집사람이 있으니 다행이지요. 옥자 씨라고... 석 달 만에 식을 올렸지요",
            "spouse",
            "옥자",
        ),
        ("아, 식구가 하나 더 있습니다... 작은딸이 맡기고 간 시츄 한 마리요.", "pet", "시츄"),
        ("저는 정월 대보름날 났습니다.", "birthday", "음력 1월 15일"),
        (
            "젊을 때 페니실린 주사 한 대 맞고 숨이 턱 막혀서 응급실에 실려 갔거든요",
            "allergy",
            "페니실린 알레르기",
        ),
        (
            "예닐곱 살 적에 논두렁에서 뱀을 밟을 뻔한 뒤로는... 지금도 채널을 돌립니다",
            "phobia",
            "뱀",
        ),
        ("어릴 때 개한테 물린 뒤로 큰 개는 못 지나가", "phobia", "개"),
        (
            "라디오에서 '고향역'이 흘러나오면 저는 하던 일을 다 멈춥니다...",
            "favorite_music",
            "고향역",
        ),
        ("요즘 소일거리라면... 새벽에 일어나 먹 갈고 붓글씨를 씁니다.", "hobby", "붓글씨"),
        ("내 취미? 음 그림을 그려", "hobby", "그림 그리기"),
        (
            "요즘은 저녁마다 쌍화차 한 잔에 노른자 띄워 마시는 게 낙입니다.",
            "favorite_drink",
            "쌍화차",
        ),
        ("계절로 치자면... 산에 단풍 물드는 그때가 제일 좋습니다.", "favorite_season", "가을"),
        (
            "먹는 거라면... 저는 미꾸라지를 푹 고아서 체에 내린 그 탕이 최고입니다.",
            "favorite_food",
            "미꾸라지",
        ),
    ],
)
def test_round_four_statements(text: str, subject: str, expected: str) -> None:
    assert any(expected in v for v in _user(text).get(subject, [])), _user(text)


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("열한살이면 노묘네 ㅠㅠ", "age"),
        ("상대가 여든 넘은 영감님인데 어찌나 공을 깎아 치는지", "age"),
        ("제주도 ㅋㅋ 앵무새 맡길 데 없어서 데려갔대 ㅋㅋ 이름이 쿠키인데 말만 할 줄 앎", "name"),
        ("다행이다 ㅠㅠ 근데 나 오늘 안좋은 소식 들음", "favorite_artist"),
        ("에버 160 찍었다고 자랑하고 다님 ㅋㅋ", "school"),
        ("아직 스물일곱인데 손목이 할머니 손목임", "family"),
        ("길드에서 활동하는 그놈임. 본명은 탁도윤! 이제 실명 공개함 ㅋㅋㅋ", "favorite_game"),
        ("인팁이면 그럴 줄 알았어", "mbti"),
        ("처음엔 털 날린다고 질색했는데 지금은 제 무릎이 그 녀석 자리입니다", "disliked"),
        ("계절로 치자면... 단풍 물드는 그때가 제일 좋습니다.", "likes"),
        ("여기가 우리 엄마가 나고 자란 동네야. 목포라고", "hometown"),
        ("아빠는 30년 동안 버스를 운전했어", "job"),
        ("어릴 때 꿈이 의사였어", "job"),
        ("동생은 '밤편지' 나오면 울어", "favorite_music"),
        ("친구가 벌에 쏘인 뒤로 캠핑을 안 가", "phobia"),
        ("독감 주사 맞고 열났어", "allergy"),
        ("설날에 사고 났어", "birthday"),
        ("대회 나가기로 했으면 좋겠다", "upcoming_event"),
        ("민수는 대회 나가기로 했대", "upcoming_event"),
        ("가격 180이면 싸다", "height"),
        ("이사 가려고 망원동 투룸 보러 감", "current_residence"),
        ("이사 고민 중 ㅠㅠ 연남동 투룸으로 가야 하나", "current_residence"),
        ("친구가 이사한 망원동 투룸 놀러감", "current_residence"),
        ("그래도 남편이 될 사람이 있으면 좋겠다", "spouse"),
        ("이번 주만 세 번째 야근임", "favorite_food"),
    ],
)
def test_round_four_not_the_users(text: str, subject: str) -> None:
    assert subject not in _user(text), _user(text)


def test_round_four_in_context() -> None:
    # a younger age than the one known is a past one, unless taken back
    ctx = FactContext(previous_user_texts=("안녕",), current={"age": ("66세 (예순여섯)",)})
    assert "age" not in _user("스무 살 넘어서 고향을 떠나 철도청에 들어갔지요", ctx)
    ctx = FactContext(previous_user_texts=("안녕",), current={"age": ("27세 (스물일곱)",)})
    assert _user("아 나 스물일곱 아니고 스물여섯이야", ctx)["age"] == ["26세 (스물여섯)"]
    # a word of the character's mused on ("소방관이라...") is not the user's
    said = "동생 서우는 지금 소방공무원 시험 준비 중이에요."
    ctx = FactContext(previous_user_texts=("안녕",), previous_assistant_text=said)
    assert "job" not in _user("소방관이라... 훌륭한 일이지요.", ctx)
    # a move: the home left with 탈출, the new one named with its housing
    home = {"current_residence": ("신림동 원룸",)}
    text = "이사 확정남 ㅋㅋㅋ 석민이가 망원동 투룸 같이 쓰자고 해서 신림 탈출함 다음주에 짐 옮김"
    assert ("current_residence", "신림동 원룸", "end") in _changes(text, home)
    assert ("current_residence", "망원동 투룸", "set") in _changes(text, home)
    assert ("current_residence", "연남동 투룸", "set") in _changes(
        "이사 옴 ㅋㅋ 연남동 투룸임", home
    )
    # a known pet called by its name, and named before the word 이름
    pet = {"pet": ("시츄",)}
    text = "우리 복실이 녀석 얘기를 또 하자면... 아침마다 슬리퍼를 물고 와서 산책 가자고 조릅니다."
    assert ("pet", "시츄 '복실'", "refine") in _changes(text, pet)
    assert not any(s == "pet" for s, _, _ in _changes("우리 손주 녀석이 걸어요", pet))
    pet = {"pet": ("고슴도치",)}
    text = "아 호떡이 우리 고슴도치 이름임 동글동글해서"
    assert ("pet", "고슴도치 '호떡'", "refine") in _changes(text, pet)
    assert not any(
        s == "pet" for s, _, _ in _changes("우리 아들 녀석이 말이야", {"pet": ("시츄",)})
    )


@pytest.mark.parametrize(
    ("text", "subject", "expected"),
    [
        ("나 오이 개싫음", "disliked", "오이"),
        ("나 곱창 개좋아함", "favorite_food", "곱창"),
        ("나 떡볶이 킬러임", "favorite_food", "떡볶이"),
        ("민트초코가 최애야", "favorite_food", "민트초코"),
        ("제 고향은... 안동입니다", "hometown", "안동"),
        ("좋아하는 음식은... 청국장이지요", "favorite_food", "청국장"),
        ("취미라면... 바둑을 둡니다", "hobby", "바둑 두기"),
        ("취미는... 주말마다 뜨개질을 해요", "hobby", "뜨개질"),
        ("내 취미는 주말마다 등산 가는 거야", "hobby", "등산 가기"),
        ("안녕하십니까... 저는... 교사였습니다", "job", "교사"),
        ("키는 백육십팔인데 요새 재 보니 한 치는 줄었더군요", "height", "168cm"),
        ("제 키가 백칠십오입니다", "height", "175cm"),
        (
            "불알친구가 하나 있는데... 오십 년 넘게 싸우고 화해하며 삽니다.",
            "best_friend",
            "불알친구",
        ),
    ],
)
def test_round_four_more_statements(text: str, subject: str, expected: str) -> None:
    assert any(expected in v for v in _user(text).get(subject, [])), _user(text)


def test_round_four_more_in_context() -> None:
    # a favourite given up, and what is had instead
    drink = {"favorite_drink": ("막걸리",)}
    text = "이제 막걸리는 딱 끊었습니다. 대신 집사람이 달여 주는 쌍화차를 마시는데, 입에 붙더군요."
    assert ("favorite_drink", "막걸리", "end") in _changes(text, drink)
    assert ("favorite_drink", "쌍화차", "set") in _changes(text, drink)
    assert _changes("걔랑 연락 끊었어", drink) == []
    assert _changes("막걸리 끊어야 하는데 ㅠㅠ", drink) == []
    # the friend just told of, named as the next message opens
    told = "국민학교 때부터 붙어 다니는 불알친구가 하나 있는데... 오십 년 넘게 싸우며 삽니다."
    ctx = FactContext(previous_user_texts=(told,), current={"best_friend": ("불알친구",)})
    found = [
        (c.subject, c.value) for c in _facts("만복이라고, 최만복이... 복이 많은 놈이지요.", ctx)
    ]
    assert ("best_friend", "최만복 (불알친구)") in found
    ctx = FactContext(previous_user_texts=("오늘 날씨 좋다",), current={"best_friend": ("정석민",)})
    assert "best_friend" not in _user("민수라고, 회사 동기인데 웃긴 놈이야", ctx)


def test_a_statement_in_the_chat_style_with_a_question_word_stays_one() -> None:
    # "왜케 낮냐 … 책상임": -임 is read as 이야 only after the sentence is known not to ask
    assert _user("회사 책상 왜케 낮냐 183이면 모든 책상이 난쟁이 책상임")["height"] == ["183cm"]
    assert _user("내 최애 게임 뭐임?") == {}
    assert _user("개싸움 구경함") == {}


@pytest.mark.parametrize(
    ("text", "subject", "expected"),
    [
        ("나 183임 ㅋㅋ 키만 큼", "height", "183cm"),
        ("나 INTP임", "mbti", "INTP"),
        ("요즘 발로란트에 빠짐", "hobby", "발로란트"),
        ("새벽마다 뒷산에 오르는 게 낙이지요", "hobby", "뒷산에 오르기"),
        ("나 이과임", "major", "이과"),
    ],
)
def test_round_four_chat_forms(text: str, subject: str, expected: str) -> None:
    assert any(expected in v for v in _user(text).get(subject, [])), _user(text)


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("나 인프피임 ㅋㅋ", "name"),
        ("나 국문과야", "name"),
        ("엄마가 과일 깎아옴 ㅋㅋ 사과임 다행", "major"),
        ("킬러문항 ㄹㅇ 킬러임", "likes"),
        ("취미 문제 ㄱㄱ 내 취미 뭐라 했지?", "hobby"),
        ("티르 물에 빠짐 ㅋㅋㅋ", "hobby"),
        ("아 맞다 나 오이 진짜 싫어 ㅠ 김밥에 있으면 다 빼고 먹음", "allergy"),
    ],
)
def test_round_four_chat_forms_not_the_users(text: str, subject: str) -> None:
    assert subject not in _user(text), _user(text)


def test_round_four_chat_changes() -> None:
    assert ("workplace", "카카오", "end") in _changes(
        "카카오 관둠 다음주부터 토스 출근함", {"workplace": ("카카오",)}
    )
    assert ("current_residence", "성수동", "end") in _changes(
        "성수동 떠남 ㅋㅋ 이제 판교 삶", {"current_residence": ("성수동",)}
    )
    said = _changes(
        "지수랑 헤어짐 ㅠㅠ", {"partner": ("지수",), "relationship_status": ("연애 중",)}
    )
    assert ("relationship_status", "솔로 (최근 이별)", "set") in said
    said_twice = _user("아 맞다 나 오이 진짜 싫어 ㅠ 김밥에 있으면 다 빼고 먹음 ㅋㅋ")
    assert said_twice.get("disliked") == ["오이"]  # not the verb "먹음" as well


def test_a_name_said_without_a_cue_once_known_is_not_replaced() -> None:
    """ "저 유부녀예요" says what one is; once the name is known, "저 X예요" without a word of
    names or greetings is no new name. "나 윤재혁이라고 함": the 음슴체 introduction."""
    assert "name" not in _user("아 그리고 저 유부녀예요 ㅎㅎ 신랑이 야근이 많아서")
    known = FactContext(assistant_name="루나", current={"name": ("한소윤",)})
    assert "name" not in _user("저 김민지예요", known)
    assert _user("안녕하세요! 저 김민지예요", known)["name"] == ["김민지"]
    text = "사장님 여기 몇 시까지 해? 아 갑자기 반말 ㅈㅅ ㅋㅋ 나 윤재혁이라고 함. 비 와서 피신 옴"
    assert _user(text)["name"] == ["윤재혁"]
    # an allergy said as an if, to someone else, is not the user's
    assert "allergy" not in _user("어머 땅콩 알레르기면 조심해야돼요~~ 저도 못먹는게 있어서")
    assert _user("땅콩 알레르기라서 못 먹어요")["allergy"] == ["땅콩 알레르기"]
    # how a food looks is no favourite ("먹으면 큰일나요": it cannot be eaten)
    text = "저는 여름 과일 중에 복숭아가 제일 맛있어 보이는데 먹으면 큰일나요 ㅠㅠ"
    assert "favorite_food" not in _user(text)
    assert _user("나는 떡볶이가 제일 맛있어")["favorite_food"] == ["떡볶이"]
    # the rest of a question asked without its mark is no name
    assert "name" not in _user("진짜 마지막 ㅋㅋ 내 생일 언제라 했지 그리고 내 풀네임 다시")
    assert _user("내 이름은 다은이야")["name"] == ["다은"]


@pytest.mark.parametrize(
    ("text", "subject", "wrong"),
    [
        (_CC_DOG, "name", ""),
        (
            "지가 요새 사는 낙이 하나 있는디, 영웅시대여유. 임영웅이 노래만 나오믄 볼륨을 올려유.",
            "pet",
            "",
        ),
        ("걔두 이 동네로 시집와서 지금은 담 하나 사이에 살어유.", "current_residence", ""),
        (_CC_HOME, "current_residence", "농사"),
        ("답글은 뭐라구 써유? 괜히 말 잘못 혔다가 더 욕먹을까 봐 겁나유.", "phobia", ""),
        ("지가 천둥을 을매나 무서워허는지, 이불 뒤집어쓰구 있었어유.", "phobia", "을매나"),
        (_CC_CUCUMBER, "disliked", "비릿한"),
        ("마지막이유. 우리 개 이름 다시 한번 말혀 봐유. 지 사는 동네는 워디였쥬?", "name", ""),
        (_SLANG_HOME, "current_residence", "대구"),
        (
            "울집에 초3 남동생 있는데 윤태오라고 개킹받음 내방 맨날 허락없이 들어옴",
            "favorite_artist",
            "",
        ),
        ("그 냥반은 안 바뀌어유. 괴산 산골 출신이라 고집이 돌덩이여.", "hometown", ""),
    ],
)
def test_dialect_and_school_slang_misreads(text: str, subject: str, wrong: str) -> None:
    got = _user(text).get(subject, [])
    assert not any(wrong in v for v in got), got


def test_dialect_and_school_slang_changes() -> None:
    drink = {"favorite_drink": ("믹스커피",)}
    text = (
        "그게, 당 수치가 높다구 혀서유. 선생님이 봉지커피부터 끊으라구 혀서 딱 끊었슈. "
        "요샌 돼지감자 덖어서 차로 우려 마셔유."
    )
    said = _changes(text, drink)
    assert ("favorite_drink", "믹스커피", "end") in said
    assert ("favorite_drink", "돼지감자차", "set") in said
    said = _changes(
        "아 맞다 나 방송부 때려침ㅋㅋ 선배들 개꼰대라서... 대신 댄스부 오디션 봤는데 붙음!!",
        {"club": ("방송부",)},
    )
    assert ("club", "방송부", "end") in said and ("club", "댄스부", "set") in said
    said = _changes(
        "나 스텔라X 탈덕함... 윤슬 열애설 터져서ㅠ 요즘은 퍼플레인 시온한테 치임 ㄹㅇ 개잘생김",
        {"favorite_artist": ("윤슬 (최애)",)},
    )
    assert ("favorite_artist", "윤슬 (최애)", "end") in said
    assert any(s == "favorite_artist" and "시온" in v and m == "set" for s, v, m in said)
    # the 지 of time after an adnominal stays ("불러본 지가 하도 오래돼서")
    from soulmem.perceive.facts.ko_chungcheong import chungcheong

    assert "불러본 지가" in chungcheong("이름 불러본 지가 하도 오래돼서 쑥스럽네유. 잘혀유.")
    assert "박혀 있어서" in chungcheong("로고가 박혀 있어서 써도 되나 몰러서유.")
    # standard speech is left alone
    assert chungcheong("친구랑 우유 마셨어") == "친구랑 우유 마셨어"


def test_a_dog_named_in_dialect_after_the_question() -> None:
    """ "그 똥개 이름 말 안 했제? 깜순이여.": the name, said with the copula 여, joins the dog."""
    said = _user("아 참, 그 똥개 이름 말 안 했제? 깜순이여. 털이 시커매서 깜순이.")
    assert any("깜순" in v for v in said.get("pet", [])), said
    assert "name" not in said


def test_a_decided_move_said_in_the_present() -> None:
    said = _changes(
        "결정햇어요 ㅋㅋ 일산 집 빼고 김포로 가요 이번달 말에 이사 딸래미는 버스로 통학하기로 했고",
        {"current_residence": ("일산",)},
    )
    assert ("current_residence", "김포", "set") in said
    assert "current_residence" not in _user("이사 갈까 고민 중인데 부산으로 가면 좋겠어")
    # an adverb of degree is no liked thing ("마라탕을 그렇게 좋아해")
    assert "그렇게" not in str(_user("나는 마라탕을 그렇게 좋아해"))
