"""Word lists and small parsers for the English fact rules (no state, import-time only)."""

from __future__ import annotations

import re

__all__ = [
    "ALLERGENS",
    "BOOK_GENRES",
    "COLORS",
    "DIETS",
    "DOG_BREEDS",
    "DRINKS",
    "EVENTS",
    "FAMILY",
    "FOODS",
    "HEALTH",
    "HOBBIES",
    "HOLIDAYS",
    "HOUSING",
    "JOBS",
    "LANGUAGES",
    "MONTHS",
    "MUSIC_GENRES",
    "NOT_NAMES",
    "PETS",
    "RELIGIONS",
    "SEASONS",
    "SPORTS",
    "ZODIAC",
    "alt",
    "categorize",
    "number",
]


def alt(words: frozenset[str] | dict[str, object] | tuple[str, ...]) -> str:
    """A regex alternation of the words, longest first, spaces matching - or space."""
    items = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in items) + ")"


def _seq(*groups: str) -> tuple[str, ...]:
    """The words of '|'-separated groups ("pizza|sushi", "ramen"), in order."""
    return tuple(w for group in groups for w in group.split("|"))


def _words(*groups: str) -> frozenset[str]:
    """The words of '|'-separated groups as a set."""
    return frozenset(_seq(*groups))


_UNITS = {
    w: i
    for i, w in enumerate(
        _seq(
            "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen",
            "fifteen|sixteen|seventeen|eighteen|nineteen",
        )
    )
}
_TENS = {
    w: 20 + 10 * i
    for i, w in enumerate(_seq("twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"))
}
NUMBER_RE = (
    r"(?:\d{1,3}|(?:" + "|".join(_TENS) + r")(?:[\s-](?:" + "|".join(list(_UNITS)[1:10]) + r"))?"
    r"|" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
)


def number(text: str) -> int | None:
    """'26', 'twenty-six', 'twenty six', 'nine' -> int."""
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    parts = re.split(r"[\s-]+", t)
    if len(parts) == 1:
        if parts[0] in _UNITS:
            return _UNITS[parts[0]]
        return _TENS.get(parts[0])
    if len(parts) == 2 and parts[0] in _TENS and parts[1] in _UNITS:
        return _TENS[parts[0]] + _UNITS[parts[1]]
    return None


# month word -> month name: the full names, then the abbreviations
MONTHS = {
    m.lower(): m
    for m in _seq(
        "January|February|March|April|May|June|July|August|September|October|November|December"
    )
}
MONTHS |= {
    a: next(m for m in MONTHS.values() if m.lower().startswith(a))
    for a in _seq("jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")
}

# regex of a holiday -> (month-day, the holiday's usual name)
HOLIDAYS: tuple[tuple[str, str, str], ...] = (
    (
        r"leap[\s-]+(?:day|year\s+(?:baby|birthday))|29(?:th)?\s+(?:of\s+)?feb(?:ruary)?",
        "February 29",
        "leap day",
    ),
    (
        r"(?:the\s+)?fourth\s+of\s+july|4th\s+of\s+july|independence\s+day",
        "July 4",
        "Fourth of July",
    ),
    (r"christmas\s+eve", "December 24", "Christmas Eve"),
    (r"boxing\s+day", "December 26", "Boxing Day"),
    (r"christmas(?:\s+day)?|xmas", "December 25", "Christmas Day"),
    (r"boxing\s+day", "December 26", "Boxing Day"),
    (r"new\s+year'?s\s+eve", "December 31", "New Year's Eve"),
    (r"new\s+year'?s(?:\s+day)?", "January 1", "New Year's Day"),
    (r"hallowe'?en", "October 31", "Halloween"),
    (r"valentine'?s(?:\s+day)?", "February 14", "Valentine's Day"),
    (
        r"(?:st\.?|saint)\s+patrick'?s(?:\s+day)?|st\.?\s+paddy'?s(?:\s+day)?",
        "March 17",
        "St. Patrick's Day",
    ),
    (r"april\s+fools'?(?:\s+day)?", "April 1", "April Fools' Day"),
    (r"leap\s+(?:day|year)", "February 29", "leap day"),
    (r"pi\s+day", "March 14", "Pi Day"),
    (r"may\s+the\s+fourth|star\s+wars\s+day", "May 4", "May the Fourth"),
    (r"cinco\s+de\s+mayo", "May 5", "Cinco de Mayo"),
    (r"groundhog\s+day", "February 2", "Groundhog Day"),
    (r"bastille\s+day", "July 14", "Bastille Day"),
    (r"canada\s+day", "July 1", "Canada Day"),
    (r"veterans'?\s+day|armistice\s+day", "November 11", "Veterans Day"),
    # fixed-date days of the other English-speaking countries
    (r"bonfire\s+night|guy\s+fawkes(?:'?\s+night|\s+day)?", "November 5", "Bonfire Night"),
    (r"burns\s+night", "January 25", "Burns Night"),
    (r"(?:st\.?|saint)\s+george'?s\s+day", "April 23", "St George's Day"),
    (r"(?:st\.?|saint)\s+andrew'?s\s+day", "November 30", "St Andrew's Day"),
    (r"(?:st\.?|saint)\s+david'?s\s+day", "March 1", "St David's Day"),
    (r"juneteenth", "June 19", "Juneteenth"),
    (r"australia\s+day", "January 26", "Australia Day"),
    (r"anzac\s+day", "April 25", "Anzac Day"),
    (r"waitangi\s+day", "February 6", "Waitangi Day"),
)

SEASONS = _words("winter|summer|spring|autumn|fall|monsoon|rainy season")

COLORS = _words(
    "red|orange|yellow|green|blue|purple|pink|black|white|gray|grey|brown|teal|turquoise|navy",
    "maroon|burgundy|lavender|lilac|mint|sage|olive|mustard|coral|peach|beige|cream|gold|silver",
    "magenta|cyan|violet|indigo|crimson|scarlet|emerald|periwinkle|aqua|khaki|tan|rust|plum",
    "charcoal|ivory|amber|cobalt|chartreuse|fuchsia",
)
COLOR_MODS = _words(
    "burnt|light|dark|pastel|baby|forest|sky|royal|hot|neon|navy|bright|deep|pale|dusty|electric",
    "lime|mint|olive|rose|sea|midnight|powder",
)

DRINKS = _words(
    "coffee|tea|soda|pop|cola|coke|diet coke|pepsi|dr pepper|dr. pepper|sprite|mountain dew",
    "red bull|monster|energy drinks|energy drink|matcha|matcha lattes|latte|flat white|cortado",
    "macchiato|lattes|espresso|cold brew|iced coffee|juice|orange juice|lemonade|milk",
    "chocolate milk|milkshakes|smoothies|beer|wine|red wine|whiskey|bourbon|tequila|gin|sake|soju",
    "bubble tea|boba|kombucha|hot chocolate|hot cocoa|chai|chai lattes|green tea|iced tea",
    "sweet tea|sparkling water|seltzer|la croix|root beer|ginger ale|gatorade|yerba mate",
    "cappuccino|americano|mocha",
)
DRINK_HINT = re.compile(
    r"\b(?:coffee|tea|soda|juice|latte|drink|water|milk|beer|wine|cola|coke|lemonade|brew"
    r"|espresso|cocoa|smoothie|shake)s?\b",
    re.I,
)

FOODS = _words(
    "pizza|sushi|ramen|tacos|taco|burgers|burger|pasta|curry|pho|dumplings|steak|bbq|barbecue",
    "noodles|chocolate|cheese|bagels|pancakes|burritos|burrito|nachos|kimchi|bibimbap|tteokbokki",
    "lasagna|donuts|doughnuts|cookies|cake|cheesecake|brownies|fries|spaghetti|salad|sandwiches",
    "wings|chicken|tempura|udon|soba|gyoza|bread|croissants|pie|pies|soup|stew|chili|enchiladas",
    "quesadillas|falafel|hummus|shawarma|kebab|kebabs|biryani|samosas|tikka|masala|paella|risotto",
    "gnocchi|mac|sashimi|onigiri|bulgogi|pretzels|popcorn|chips|candy|gummies|ice|cream|dim|sum",
    "pad|thai|fried|chicken|mac|and|cheese|hot|dogs|tofu|cereal|oatmeal|eggs|bacon|waffles|crepes",
    "tiramisu|mochi|churros|empanadas|poutine|brisket|lobster|crab|shrimp|oysters|pho|tamales",
    "jollof|injera|dal|naan|ice cream|dim sum|pad thai|fried chicken|mac and cheese|hot dogs",
    "fish and chips|hot pot|korean bbq|thai food|mexican food|indian food|italian food",
    "chinese food|japanese food|korean food|spicy food|street food|junk food",
)

# kinds of home, singular (a plural may follow: "one of the little stone terraces")
HOUSING = (
    r"(?:apartment|flat|house|condo|studio|loft|place|room|dorm|townhouse|cabin|bungalow|duplex|"
    r"trailer|unit|terrace|terraced\s+house|cottage|semi|maisonette|bedsit|houseboat|farmhouse|"
    r"high-rise|tower\s+block|walk-up)"
)

SPORTS = _words(
    "soccer|football|basketball|baseball|tennis|pickleball|volleyball|badminton|golf|hockey|rugby",
    "cricket|softball|squash|racquetball|lacrosse|swimming|running|cycling|climbing|bouldering",
    "yoga|pilates|crossfit|boxing|kickboxing|mma|jiu-jitsu|judo|karate|taekwondo|fencing|skiing",
    "snowboarding|surfing|skateboarding|rowing|archery|bowling|wrestling|gymnastics|marathons",
    "triathlons|handball|netball|curling|polo|kayaking|weightlifting|powerlifting|parkour",
    "table tennis|ping pong|rock climbing|ultimate frisbee|disc golf|ice hockey|flag football",
    "muay thai|trail running|martial arts|water polo|figure skating|roller derby",
    "brazilian jiu-jitsu",
)

HOBBIES = _words(
    "woodworking|knitting|crocheting|crochet|painting|watercolour|watercolours|watercolor",
    "watercolors|drawing|sketching|photography|gardening|baking|cooking|hiking|camping|fishing",
    "gaming|writing|journaling|pottery|ceramics|sewing|embroidery|calligraphy|origami|birdwatching",
    "chess|puzzles|dancing|singing|coding|thrifting|cosplay|karaoke|meditation|quilting",
    "scrapbooking|beekeeping|woodcarving|whittling|metalworking|leatherworking|blacksmithing",
    "skateboarding|stargazing|foraging|geocaching|juggling|magic|podcasting|blogging|vlogging",
    "streaming|modding|tinkering|video games|board games|dungeons and dragons|d&d|rock climbing",
    "bird watching|model trains|3d printing|playing guitar|playing piano|playing the guitar",
    "playing the piano|playing drums|playing the drums|playing violin|playing the violin",
    "playing the ukulele|collecting vinyl|collecting records|lego|legos|jigsaw puzzles",
    "tabletop games|gardening",
)

MUSIC_GENRES = _words(
    "synthwave|rock|pop|jazz|hip-hop|rap|country|metal|punk|indie|edm|techno|house|classical|r&b",
    "k-pop|j-pop|lo-fi|lofi|folk|blues|reggae|soul|funk|emo|grunge|disco|trance|dubstep|vaporwave",
    "bluegrass|gospel|opera|ska|shoegaze|post-rock|alternative|electronic|ambient|retrowave",
    "chillwave|hyperpop|reggaeton|salsa|afrobeats|grime|drill|trap|hip hop|city pop|drum and bass",
    "heavy metal|classic rock|punk rock|indie rock|indie pop|lo fi|death metal|show tunes|90s rock",
    "80s music",
)

BOOK_GENRES = _words(
    "fantasy|sci-fi|mystery|mysteries|thrillers|thriller|romance|horror|manga|comics|poetry",
    "nonfiction|non-fiction|biographies|memoirs|classics|westerns|dystopian|dystopias|litrpg",
    "science fiction|historical fiction|self-help|true crime|literary fiction|graphic novels",
    "young adult|ya|crime novels|detective novels|detective stories|cozy mysteries|romance novels",
    "fantasy novels|light novels|murder mysteries|space opera|cyberpunk|steampunk|urban fantasy",
    "cozy fantasy|romantasy|noir|westerns|sword and sorcery",
)
GENRE_MODS = _words(
    "epic|high|urban|dark|cozy|hard|space|paranormal|contemporary|historical|military|grimdark",
    "romantic|gothic|psychological|classic",
)

PETS = _words(
    "dog|dogs|puppy|puppies|pup|pups|cat|cats|kitten|kittens|kitty|hamster|hamsters|rabbit|rabbits",
    "bunny|bunnies|parrot|parrots|budgie|budgies|parakeet|cockatiel|bird|birds|fish|goldfish",
    "turtle|turtles|tortoise|snake|snakes|lizard|reptile|rodent|gecko|geckos|iguana|ferret|ferrets",
    "hedgehog|chinchilla|rat|rats|mouse|mice|horse|horses|pony|gerbil|gerbils|axolotl|tarantula",
    "chickens|hens|guinea pig|guinea pigs|bearded dragon|leopard gecko|betta fish",
)
DOG_BREEDS = _words(
    "corgi|labrador|lab|retriever|husky|poodle|beagle|pug|chihuahua|dachshund|shiba|bulldog",
    "terrier|shepherd|collie|greyhound|pitbull|schnauzer|maltese|pomeranian|samoyed|spaniel|doodle",
    "goldendoodle|labradoodle|rottweiler|doberman|boxer|dalmatian|mutt|akita|shih-tzu|malamute",
    "whippet|weimaraner|vizsla|basset|heeler|golden retriever|german shepherd|border collie",
    "pit bull|french bulldog|shih tzu|jack russell|great dane|bernese mountain dog|cattle dog",
)
CAT_BREEDS = _words(
    "tabby|siamese|persian|ragdoll|calico|sphynx|bengal|tuxedo|maine coon|british shorthair",
    "russian blue|scottish fold|tortie|tortoiseshell|ginger tom|moggy|moggie",
)

ALLERGENS = _words(
    "peanuts|peanut|nuts|tree-nuts|shellfish|prawn|prawns|langoustine|scallops|mussels|clams",
    "oysters|shrimp|crab|lobster|fish|eggs|egg|milk|dairy|soy|wheat|gluten|sesame|bees|wasps",
    "penicillin|latex|cats|dogs|pollen|dust|strawberries|kiwi|mango|almonds|cashews|walnuts|pecans",
    "pistachios|hazelnuts|lactose|mushrooms|sulfites|celery|mustard|tree nuts|bee stings|cat hair",
    "dog hair|pet dander",
)

HEALTH = _words(
    "asthma|diabetes|adhd|autism|anxiety|depression|insomnia|migraines|epilepsy|eczema|arthritis",
    "scoliosis|celiac|tinnitus|dyslexia|ocd|ptsd|crohn's|lupus|vertigo|type 1 diabetes",
    "type 2 diabetes|high blood pressure|a bad knee|a bad back|a heart condition|chronic pain",
    "sleep apnea|ibs",
)

DIETS = _words(
    "vegetarian|vegan|pescatarian|keto|paleo|halal|kosher|gluten-free|dairy-free|plant-based",
)

RELIGIONS = _words(
    "catholic|christian|muslim|jewish|buddhist|hindu|atheist|agnostic|mormon|sikh|protestant",
    "orthodox|baptist|methodist|lutheran|pagan|wiccan|quaker|evangelical",
)

LANGUAGES = _words(
    "English|Spanish|French|German|Italian|Portuguese|Russian|Chinese|Mandarin|Cantonese|Japanese",
    "Korean|Arabic|Hindi|Urdu|Bengali|Punjabi|Tagalog|Vietnamese|Thai|Indonesian|Malay|Turkish",
    "Persian|Farsi|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Czech|Greek|Hebrew|Swahili",
    "Ukrainian|Romanian|Hungarian|ASL|Yoruba|Igbo|Amharic|Tamil|Telugu|Gujarati|Marathi|Nepali",
    "Sinhala|Burmese|Khmer|Lao|Mongolian|Catalan|Basque|Irish|Welsh|Latin|Esperanto",
)

ZODIAC = _words(
    "Aries|Taurus|Gemini|Cancer|Leo|Virgo|Libra|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces",
)

JOBS = _words(
    "physio|physiotherapist|physical therapist|occupational therapist|speech therapist|midwife",
    "paramedic|optician|radiographer|sonographer|hygienist|vet nurse|care worker|carer|postie",
    "plasterer|joiner|teacher|nurse|engineer|developer|programmer|designer|doctor|physician|lawyer",
    "attorney|accountant|chef|cook|barista|waiter|waitress|server|cashier|writer|author|artist",
    "musician|photographer|pilot|mechanic|electrician|plumber|carpenter|firefighter|cop|paramedic",
    "pharmacist|dentist|vet|veterinarian|therapist|counselor|psychologist|psychiatrist|consultant",
    "analyst|manager|librarian|scientist|researcher|professor|lecturer|tutor|architect|journalist",
    "reporter|editor|translator|interpreter|salesman|saleswoman|salesperson|realtor|farmer|driver",
    "trucker|baker|butcher|bartender|hairdresser|barber|stylist|receptionist|secretary|intern",
    "freelancer|streamer|youtuber|clerk|technician|surgeon|soldier|marine|sailor|paralegal|banker",
    "broker|economist|statistician|mathematician|physicist|chemist|biologist|geologist|astronomer",
    "animator|illustrator|actor|actress|dancer|singer|comedian|producer|director|filmmaker|janitor",
    "custodian|housekeeper|nanny|caregiver|midwife|optometrist|chiropractor|paramedic|coach",
    "trainer|instructor|principal|administrator|officer|detective|guard|ranger|lifeguard|welder",
    "machinist|contractor|landscaper|gardener|florist|tailor|jeweler|cobbler|fisherman|miner",
    "logger|entrepreneur|ceo|founder|cto|coder|tester|recruiter|marketer|strategist|planner",
    "coordinator|dispatcher|courier|mailman|postman|zookeeper|curator|archivist|sommelier|butler",
    "concierge|bouncer|dj|social worker|police officer|flight attendant|data scientist",
    "software engineer|web developer|game developer|graphic designer|real estate agent",
    "stay-at-home mom|stay-at-home dad|delivery driver|dental hygienist|personal trainer",
    "project manager|product manager",
    # trades by their everyday names
    "sparky|sparkie|chippy|chippie|brickie|truckie|wharfie|tradie|roofer|scaffolder|labourer",
    "laborer|picker|packer|porter|warehouse operative|forklift driver",
)

FAMILY = _words(
    "sister|sisters|brother|brothers|mom|mother|dad|father|parents|grandma|grandmother|grandpa",
    "grandfather|grandparents|son|sons|daughter|daughters|kids|children|kid|child|baby|stepmom",
    "stepdad|stepbrother|stepsister|aunt|uncle|cousin|cousins|niece|nephew|siblings|sibling|twin",
    "mum",
)
FAMILY_MODS = _words(
    "twin|older|younger|little|big|baby|kid|half|identical|elder|oldest|youngest|step",
)

EVENTS = _words(
    "interview|wedding|appointment|recital|concert|game|match|tournament|presentation|deadline",
    "date|trip|flight|surgery|audition|meeting|party|conference|race|marathon|graduation|vacation",
    "holiday|move|reunion|competition|showcase|performance|gig|checkup|job interview",
    "doctor's appointment|dentist appointment|first date|road trip|business trip|court date",
    "driving test",
)

NOT_NAMES = _words(
    "I|I'm|Im|The|A|An|And|But|So|Oh|Ah|Hi|Hey|Hello|Yes|No|Yeah|Yep|Nope|Okay|Ok|Well|Just|Not",
    "Here|There|This|That|It|Its|We|You|They|He|She|My|Your|Our|Their|Sorry|Thanks|Thank|Please",
    "Also|Honestly|Actually|Really|Sure|Fine|Good|Great|Cool|Wow|Whoa|Ugh|Hmm|Um|Uh|Ha|Haha|Lol",
    "Anyway|Wait|Captain|Doctor|Dr|Mr|Mrs|Ms|Sir|Madam|Boss|Mom|Dad|Mother|Father|God|Monday",
    "Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Tomorrow|Tonight|Still|Back|Home",
    "Always|Never|Every|Some|Any|Totally|Basically|Kind|Sort|Excited|Happy|Tired|Sad|Done|Ready",
    "Here|Fun|Busy|Glad|Back|Alive|Home|American|British|English|Canadian",
    "What|When|Where|Why|How|Who|Whom|Which|Whose|Same|Me|Too|Nice|Awesome|Amazing|Right",
    "Exactly|Absolutely|Definitely|Agreed|Congrats|Congratulations|Aww|Awww|Omg|Gosh",
)
NOT_NAMES_CF = frozenset(w.casefold() for w in NOT_NAMES)


def categorize(phrase: str) -> str:
    """Which preference subject a liked thing belongs to ('likes' when unsure)."""
    p = phrase.casefold().strip()
    p = re.sub(r"^(?:the|a|an|some|my|all|any)\s+", "", p)
    words = p.split()
    last = words[-1] if words else p
    if p in SPORTS or last in SPORTS:
        return "sport"
    if p in MUSIC_GENRES or (p.endswith(" music") and len(words) <= 3):
        return "favorite_music"
    if p in BOOK_GENRES or last in BOOK_GENRES or p.endswith(("novels", "books")):
        return "book_genre"
    if p in HOBBIES or last in HOBBIES:
        return "hobby"
    if p in SEASONS:
        return "favorite_season"
    if p in COLORS or (len(words) == 2 and words[0] in COLOR_MODS and last in COLORS):
        return "favorite_color"
    if p in DRINKS or DRINK_HINT.search(p):
        return "favorite_drink"
    if p in FOODS or last in FOODS or p.endswith(" food"):
        return "favorite_food"
    if p in PETS or last in PETS or last.rstrip("s") in PETS:
        return "favorite_animal"
    return "likes"
