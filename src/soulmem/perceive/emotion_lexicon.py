"""Cue lexicons of :mod:`soulmem.perceive.emotion`: data only, no logic.

Each language maps a tag of seed 000 to ``(weight, regex alternation)`` pairs. Weights:
``0.8`` an explicit emotion word ("슬퍼", "嬉しい", "furious"), ``0.6`` a clear but softer
word or slang ("짜증", "ムカつく", "annoyed"), ``0.45`` a situational hint or an emoticon
("헤어졌", "合格", "lol"). The pseudo tag ``skip`` lists phrases that would otherwise be
misread (``좋아해`` "I like" is a preference, not joy) and that are consumed without a score.
Within one language the alternation is ordered skip first, then the tags in the order below:
the regex engine takes the leftmost match, and at equal position the first alternative.

Korean and Japanese entries are conjugation stems (``슬프|슬퍼|슬펐``, ``悲し``) so that
negated forms (``슬프지 않아``, ``悲しくない``) still match and the negation check that follows
the match can cancel them. English entries are wrapped in word boundaries by the compiler
and spell out their inflections.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "DAMPENERS",
    "EMOTICONS",
    "INTENSIFIERS",
    "LEXICONS",
    "Lexicon",
]

Lexicon = dict[str, tuple[tuple[float, str], ...]]

S: Final = 0.8
M: Final = 0.6
W: Final = 0.45
H: Final = 0.3  # a hint: below the threshold alone, it only supports other cues
G: Final = 0.4  # gratitude and approval

KO: Final[Lexicon] = {
    "skip": ((0.0, r"좋아하|좋아해|좋아할|좋아했|괜찮|안녕|불안정|보고\s?싶은\s?(?:영화|책)"),),
    "nostalgia": (
        (S, r"그립|그리워|그리웠|그리움|그리운|향수|옛날\s?생각|옛\s?생각|추억|그\s?시절"),
        (S, r"그때가\s?좋았|옛날이\s?좋았|돌아가고\s?싶|보고파"),
        (W, r"옛날|시절"),
        (H, r"어렸을\s?때|어릴\s?때|생각나|기억나"),
    ),
    "joy": (
        (S, r"기쁘|기뻐|기뻤|기쁨|기쁜|행복|신나|신난|신났|신남|즐거|즐겁|즐길|설레|설렌|설렜"),
        (S, r"감격|기분\s?좋|기분\s?최고|날아갈\s?것\s?같|감동|뿌듯|짱이|최고야|최고다|야호|만세"),
        (M, r"좋아|좋았|좋다|좋네|좋은데|좋더|재밌|재미있|재미났|웃겨|웃기|웃었|웃음|다행"),
        (M, r"우승|사랑해|사랑한|만족|축하|합격|승진|최고|대박"),
        (W, r"칭찬|선물|맛있|예쁘|귀여|ㅎ{2,}|ㅋ{2,}|크크|헤헤|\^\^|\^_\^|:\)|:D"),
        (G, r"고마워|고맙|감사"),
    ),
    "sadness": (
        (S, r"슬프|슬퍼|슬펐|슬픔|슬픈|우울|눈물|울었|울고|울어|울컥|울\s?것\s?같|속상|서럽|서러"),
        (S, r"마음\s?아프|마음이\s?아프|마음\s?아파|마음이\s?아파|가슴\s?아프|가슴이\s?아프"),
        (S, r"마음이?\s?무거|외로|외롭|쓸쓸|허전|서글|비참|절망|괴로|상심|슬퍼"),
        (
            M,
            r"좋지\s?않|좋진\s?않|기분이?\s?나쁘|기분이?\s?나빠|기분이?\s?나빴|서운|섭섭|실망|아쉽|아쉬워|아쉬웠|후회|상처|힘들|힘드|지쳤|지친|헤어졌|이별",
        ),
        (M, r"돌아가셨|세상을\s?떠|죽었|잃었|망했|떨어졌|ㅠ+|ㅜ+|T_T|T\.T|;_;"),
        (H, r"떠나|떠났|그만뒀|혼자"),
    ),
    "anger": (
        (S, r"화나|화났|화가\s?나|화가\s?났|화난|빡치|빡쳐|빡침|빡친|열받|열\s?받|분노|분하"),
        (S, r"개빡|킹받|뚜껑\s?열|꼭지\s?돌|혈압|미치겠|돌겠|참을\s?수\s?없"),
        (M, r"짜증|억울|어이없|어이\s?없|괘씸|약올|원망|싫증|ㅅㅂ|시발|씨발|씨바|젠장|빌어먹"),
        (M, r"때리고\s?싶|죽여버|성질|욕\s?나|열불|꼴\s?보기|꼴도\s?보기"),
    ),
    "fear": (
        (
            S,
            r"겁나(?=$|[\s.!?~ㅠㅜ])|무서|무섭|두려|두렵|공포|겁이\s?나|겁나요|겁난다|겁먹|겁이\s?났|무시무시|식겁",
        ),
        (M, r"소름|오싹|섬뜩|덜덜|끔찍|귀신|위험해|살려줘|살려\s?주세요"),
        (H, r"깜짝\s?놀"),
    ),
    "disgust": (
        (S, r"역겹|역겨|징그럽|징그러|토\s?나올|토나와|토할|토\s?할|구역질|혐오|극혐|우웩|비위"),
        (M, r"더럽|더러워|더러운|불쾌|질색|싫어|싫다|싫은|싫었|웩"),
        (W, r"별로야"),
    ),
    "anxiety": (
        (S, r"불안|걱정|초조|조마조마|안절부절|긴장|떨려|떨리|스트레스|막막|어떡하지|어떡해"),
        (M, r"어쩌지|어떻게\s?하지|어떻게\s?해|신경\s?쓰|신경이\s?쓰|두근|잠이\s?안\s?와|잠\s?못"),
        (M, r"큰일|망할\s?것\s?같|망하면|떨어지면|걱정돼"),
        (H, r"마감|면접|시험"),
    ),
    "envy": (
        (S, r"부럽|부러워|부러웠|부러움|부러운|질투|샘나|샘난|샘이\s?나|배\s?아프|배\s?아파"),
        (M, r"나만\s?빼고|나도\s?갖고\s?싶|나도\s?하고\s?싶|팔자\s?좋"),
        (M, r"(?:넌|너는|너넨|걔는|쟤는|걘)\s?좋겠"),
    ),
    "ennui": (
        (
            S,
            r"지루|심심|따분|재미없|재미\s?없|노잼|지겹|지겨|권태|무료하|할\s?거\s?없|할\s?게\s?없",
        ),
        (M, r"귀찮|의욕\s?없|의욕이\s?없|아무것도\s?하기\s?싫|그저\s?그래|그냥\s?그래|시들|멍때"),
        (W, r"하기\s?싫|가기\s?싫|피곤|졸려|졸리|나른|하품|똑같은\s?하루|매일\s?똑같"),
    ),
}

JA: Final[Lexicon] = {
    "skip": ((0.0, r"好き嫌い|怖いもの知らず"),),
    "nostalgia": (
        (S, r"懐かし|なつかし|恋し|こいし|郷愁|ノスタルジ|あの頃|あのころ|昔は良かった"),
        (S, r"昔はよかった|あの時代|戻りたい"),
        (W, r"思い出す|思い出|昔の"),
        (H, r"昔|子供の頃|子どもの頃|学生時代"),
    ),
    "joy": (
        (
            S,
            r"嬉し|うれし|ウレシ|楽し|たのし|幸せ|しあわせ|最高|やった[ー〜ぁあっ!]|わーい|ワクワク",
        ),
        (S, r"わくわく|喜|よろこ|ハッピー|感動|大喜び|ルンルン"),
        (M, r"良かった|よかった|面白|おもしろ|大好き|助かった|ウケる|うける"),
        (M, r"おめでとう|合格|やったね|いいね|すごい!|すごーい|楽しみ"),
        (W, r"笑|ww+|(?<=[ぁ-んァ-ン一-龯])w+|♪|\^\^|\^_\^"),
        (G, r"ありがとう|感謝"),
    ),
    "sadness": (
        (S, r"悲し|かなし|寂し|さびし|さみし|淋し|泣|涙|つらい|つらかった|辛かった|落ち込"),
        (
            S,
            r"心が痛|胸が痛|切な|せつな|失恋|虚し|むなし|絶望|しょんぼり|傷つ|憂鬱|ゆううつ|悲しみ",
        ),
        (
            M,
            r"辛い|残念|がっかり|凹|へこむ|へこんだ|へこみ|亡くな|死んだ|別れ|振られ|ふられ|落ちた|しんどい",
        ),
        (M, r"ショック|T_T|;_;|ぴえん"),
    ),
    "anger": (
        (S, r"怒|ムカつ|むかつ|ムカムカ|むかむか|イライラ|いらいら|腹が立|腹立|はらた"),
        (
            S,
            r"ブチギレ|ふざけるな|ふざけんな|許せな|頭にく|頭に来|激怒|ムカッ|むかっ|キレた|キレそう|キレる|キレて",
        ),
        (M, r"うざ|ウザ|クソ|くそ|ちくしょう|畜生|最悪|納得いかな|理不尽"),
    ),
    "fear": (
        (
            S,
            r"怖|こわい|こわか|こわく|こわっ|こわー|コワ|恐ろし|おそろし|恐怖|怯え|おびえ|ゾッと|ぞっと|ゾッと|ビビ|びび",
        ),
        (M, r"震え|ふるえ|お化け|幽霊|助けて|ぞくっ|ゾクッ"),
    ),
    "disgust": (
        (S, r"気持ち悪|きもちわる|気色悪|キモ|きもい|キショ|嫌悪|吐き気|おえっ|うえっ|ゲロ"),
        (M, r"嫌い|きらい|嫌だ|いやだ|やだ|不快|汚い|きたない|最低|生理的に無理"),
    ),
    "anxiety": (
        (S, r"不安|心配|緊張|ハラハラ|はらはら|そわそわ|ソワソワ|どうしよう|焦|あせっ|あせる"),
        (M, r"ドキドキ|どきどき|ストレス|モヤモヤ|もやもや|大丈夫かな|眠れな|間に合わな"),
        (H, r"締め切り|締切|面接|試験|気になる"),
    ),
    "envy": (
        (S, r"羨まし|うらやまし|うらやま|妬|ねたま|嫉妬|やきもち|ヤキモチ"),
        (M, r"いいなあ|いいなぁ|いいな〜|いいなー|ずるい|ズルい|私も欲しい|僕も欲しい"),
    ),
    "ennui": (
        (
            S,
            r"退屈|つまらな|つまんな|つまんね|飽き|あきた|暇すぎ|ひますぎ|無気力|やる気(?:が)?(?:出)?(?:ない|ねー|でない|なし|ゼロ)",
        ),
        (
            M,
            r"暇だ|暇すぎ|暇〜|暇ー|ひまだ|ひま〜|ひまー|だる|ダル|めんどくさ|面倒くさ|めんどい|めんどう|面倒|何もしたくな",
        ),
        (W, r"眠い|ねむい|疲れ|つかれ|あくび|毎日同じ|いつも同じ"),
    ),
}

EN: Final[Lexicon] = {
    "skip": ((0.0, r"feel free|good morning|good night|happy hour|like to|kind of|sort of"),),
    "nostalgia": (
        (S, r"nostalgi\w*|i (?:\w+ )?miss (?:the|those|my|our|how|when|you|him|her|them|it)\b"),
        (S, r"miss(?:ed)? the old days|good old days|back in the day|the old days|old times"),
        (S, r"reminisc\w*|takes me back|brings back (?:memories|so many)|those were the days"),
        (S, r"long for|longing|yearn\w*"),
        (W, r"childhood|memories|reminds me of|i miss"),
        (H, r"when i was (?:a kid|little|young)"),
    ),
    "joy": (
        (S, r"happ(?:y|ier|iest|iness)|glad|joy(?:ful)?|delighted|thrilled|excited|exciting"),
        (S, r"ecstatic|overjoyed|yay+|hooray|woo+hoo+|elated|cheerful|best day|can'?t wait"),
        (S, r"couldn'?t be happier|could not be happier|never (?:been|felt) (?:happier|better)"),
        (S, r"so much fun|over the moon|on cloud nine|made my day|proud"),
        (M, r"awesome|amazing|wonderful|fantastic|great|love (?:it|this|that|you)|loved (?:it|it)"),
        (M, r"fun|enjoy(?:ed|ing)?|pleased|relieved|grateful|thankful|hilarious|feel good"),
        (M, r"feeling good|excellent|congrat\w*|celebrat\w*|perfect|brilliant|lovely"),
        (M, r"got (?:engaged|married|promoted|the job)|we won"),
        (W, r"lol|lmao|haha\w*|hehe\w*|love|passed(?! away)|promoted|won"),
        (G, r"thanks|thank you"),
    ),
    "sadness": (
        (S, r"sad(?:der|dest|ness|ly)?|unhappy|depress\w*|heartbr\w*|miserable|lonely"),
        (S, r"crying|cried|cry|tears|in tears|grie(?:f|ving|ve)|mourn\w*|devastated|sorrow"),
        (S, r"broke my heart|gloomy|hopeless|despair"),
        (M, r"upset|disappoint\w*|hurt|bummed|feel(?:ing|s)? (?:\w+ ){0,2}down|passed away|died"),
        (M, r"broke up|dumped|lost my|regret\w*|failed|miss(?:ing)? (?:her|him|them|you)"),
        (W, r"sucks|sigh|rejected"),
        (H, r"alone"),
    ),
    "anger": (
        (S, r"angry|angrier|anger|furious|pissed(?: off)?|mad at|livid|outrag\w*|enrag\w*"),
        (S, r"rage|infuriat\w*|so mad|hate (?:it|this|that|you|him|her|them|when|how)"),
        (M, r"annoy\w*|irritat\w*|frustrat\w*|fed up|sick of|wtf|hate|resent\w*|unfair"),
        (M, r"how dare|screw (?:this|you|it)|pisses me off|damn it|goddamn"),
        (W, r"ugh+|mad|damn"),
    ),
    "fear": (
        (S, r"afraid|scared|scary|terrif\w*|frighten\w*|fear(?:ful)?|horrif\w*|petrified"),
        (S, r"freaked out|freaking out|spooked|creeped out"),
        (M, r"creepy|spooky|nightmare|panic\w*|shaking|horror"),
    ),
    "disgust": (
        (S, r"disgust\w*|gross|eww+|ew|yuck|revolting|repuls\w*|nauseat\w*|sickening|vile"),
        (S, r"makes me sick|want to throw up|wanna puke"),
        (M, r"nasty|cringe\w*|gag|filthy|yikes"),
    ),
    "anxiety": (
        (S, r"anxious|anxiety|worr(?:y|ied|ying|ies)|nervous|stress(?:ed|ful|ing)?|uneasy|on edge"),
        (S, r"dread\w*|apprehensive|jittery|overthink\w*"),
        (M, r"tense|restless|can'?t sleep|concerned|freak out|what if"),
        (H, r"deadline|interview|exams?"),
    ),
    "envy": (
        (S, r"envy|envious|jealous\w*"),
        (M, r"lucky you|must be nice|wish i (?:had|were|was|could)|so lucky|not fair"),
    ),
    "ennui": (
        (S, r"bored|boring|boredom|tedious|monotonous|nothing to do|so dull|meh"),
        (S, r"tired of|can'?t be bothered|same old|blah"),
        (M, r"dull|uninterest\w*|whatever|apathetic|unmotivated|pointless|no motivation"),
        (W, r"sleepy|tired|yawn\w*|exhausted"),
    ),
}

#: Language-independent emoji and emoticons, tried on every text.
EMOTICONS: Final[Lexicon] = {
    "joy": ((W + 0.1, r"[😀😃😄😁😆😊☺🙂😍🥰😘🤗🥳🎉💕💖❤♥😂🤣😹✨]"),),
    "sadness": ((W + 0.1, r"[😢😭😞😔☹🙁💔😿😥]|\(´;ω;`\)|\(;_;\)"),),
    "anger": ((M, r"[😡😠🤬💢👿😤]"),),
    "fear": ((M, r"[😱😨🙀]"),),
    "disgust": ((M, r"[🤢🤮]"),),
    "anxiety": ((W + 0.1, r"[😰😟😬😓]"),),
    "envy": ((W, r"[🤑]"),),
    "ennui": ((W + 0.1, r"[🥱😪😑😒🙄]"),),
}

LEXICONS: Final[dict[str, Lexicon]] = {"ko": KO, "ja": JA, "en": EN}

#: Intensifier patterns per language (English ones are matched on lower-cased text).
INTENSIFIERS: Final[dict[str, str]] = {
    "ko": (
        r"너무|진짜|정말|완전|엄청|되게|존나|졸라|매우|아주|몹시|진심|레알|극도로|미친|"
        r"개(?=[가-힣])|대박|씨[발바]|ㅠ{3,}|ㅜ{3,}|ㅋ{4,}"
    ),
    "ja": (
        r"すごく|すっごく|すごい|凄く|めっちゃ|めちゃくちゃ|めちゃ|本当に|ほんとに|ほんと|マジ|まじ|"
        r"とても|超|ちょー|死ぬほど|かなり|激|鬼|非常に|心から|最高に|ほんまに|w{3,}"
    ),
    "en": (
        r"\b(?:so+|really|very|extremely|super|totally|absolutely|incredibly|utterly|"
        r"completely|deeply|terribly|awfully|fucking|freaking|damn|such|insanely|truly|"
        r"seriously|literally|way too|too)\b"
    ),
}

#: Hedges and dampeners per language.
DAMPENERS: Final[dict[str, str]] = {
    "ko": r"조금|좀|약간|살짝|그냥|그럭저럭|나름|다소|것\s?같|인가\s?봐|듯|별로|괜히|어느\s?정도",
    "ja": (
        r"ちょっと|少し|すこし|やや|なんか|気がする|かも|多分|たぶん|"
        r"まあまあ|若干|ちょっぴり|微妙"
    ),
    "en": (
        r"\b(?:a bit|a little|slightly|kind of|kinda|sort of|sorta|somewhat|maybe|i guess|"
        r"a tad|mildly|perhaps|i think|probably|a little bit|not very|not that)\b"
    ),
}

#: Prototype sentences per language and tag, for the optional embedding path.
PROTOTYPES: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "ko": {
        "joy": (
            "정말 기쁘고 행복해",
            "너무 신나고 즐거운 하루였어",
            "좋은 소식이 있어서 기분 최고야",
        ),
        "sadness": ("너무 슬퍼서 눈물이 나", "마음이 아프고 우울해", "소중한 걸 잃어서 괴로워"),
        "anger": ("정말 화가 나고 짜증나", "그 사람 때문에 열받아", "너무 억울하고 분해"),
        "fear": ("너무 무서워서 떨려", "겁이 나서 아무것도 못 하겠어", "공포에 질렸어"),
        "disgust": ("역겹고 토할 것 같아", "너무 더럽고 징그러워", "그런 짓은 정말 혐오스러워"),
        "anxiety": ("불안하고 걱정돼", "내일 일이 걱정돼서 잠이 안 와", "긴장돼서 마음이 초조해"),
        "envy": ("친구가 너무 부러워", "나만 없어서 질투 나", "걔는 좋겠다 나도 갖고 싶어"),
        "ennui": ("너무 지루하고 심심해", "다 귀찮고 의욕이 없어", "매일 똑같아서 지겨워"),
        "nostalgia": ("옛날이 그리워", "어릴 때 추억이 생각나", "그 시절로 돌아가고 싶어"),
        "neutral": (
            "서울에 살아",
            "내일 세 시에 회의가 있어",
            "점심으로 국수 먹었어",
            "내 직업은 개발자야",
            "버스 타고 출근해",
            "주말에 마트에 갔어",
        ),
    },
    "ja": {
        "joy": ("すごく嬉しい", "今日は本当に楽しかった", "幸せな気分だ"),
        "sadness": ("悲しくて涙が出る", "寂しくて落ち込んでいる", "大切なものを失ってつらい"),
        "anger": ("本当に腹が立つ", "ムカついてイライラする", "あいつは許せない"),
        "fear": ("怖くて震えている", "恐ろしくて動けない", "ゾッとした"),
        "disgust": ("気持ち悪くて吐き気がする", "汚くて嫌だ", "あの態度は生理的に無理"),
        "anxiety": ("不安で眠れない", "明日のことが心配だ", "緊張して落ち着かない"),
        "envy": ("友達が羨ましい", "あの人ばかりずるい", "嫉妬してしまう"),
        "ennui": ("退屈でつまらない", "何もやる気が出ない", "毎日同じで飽きた"),
        "nostalgia": ("あの頃が懐かしい", "昔に戻りたい", "子供の頃を思い出して恋しくなる"),
        "neutral": (
            "東京に住んでいる",
            "明日は十時に会議がある",
            "昼にうどんを食べた",
            "仕事はエンジニアです",
            "電車で通勤している",
            "週末にスーパーに行った",
        ),
    },
    "en": {
        "joy": (
            "I am so happy and excited",
            "Today was a wonderful day",
            "Great news, I'm thrilled",
        ),
        "sadness": (
            "I feel so sad I could cry",
            "I'm heartbroken and lonely",
            "I lost someone dear",
        ),
        "anger": ("I'm so angry right now", "This makes me furious", "I'm fed up and annoyed"),
        "fear": ("I'm terrified", "That was really scary", "I'm afraid something bad happens"),
        "disgust": ("That's disgusting", "It's so gross it makes me sick", "Eww, revolting"),
        "anxiety": (
            "I'm worried and anxious",
            "I'm nervous about tomorrow",
            "I can't stop worrying",
        ),
        "envy": ("I'm so jealous of her", "I wish I had what he has", "Must be nice, I'm envious"),
        "ennui": ("I'm so bored", "Nothing to do, everything is dull", "I can't be bothered"),
        "nostalgia": ("I miss the old days", "That takes me back to childhood", "I'm nostalgic"),
        "neutral": (
            "I live in Denver",
            "The meeting is at three tomorrow",
            "I had noodles for lunch",
            "I work as an engineer",
            "I take the bus to work",
            "I went to the store on the weekend",
        ),
    },
}
