"""The English life: a nurse in a city, her cat Mochi, her sister in Busan."""

from __future__ import annotations

import random

from soulmem.lifecycle.simulation.script import Script, Topic, pick

__all__ = ["EN"]


def _trivia_en(rng: random.Random) -> str:
    food = (
        "a bagel",
        "cold noodles",
        "a tuna sandwich",
        "leftover pizza",
        "an omelette",
        "instant ramen",
        "a bowl of cereal",
        "fried rice",
        "a banana",
        "tomato soup",
    )
    meal = ("breakfast", "lunch", "dinner", "a late snack")
    place = (
        "the corner deli",
        "my desk",
        "the bus stop",
        "the park bench",
        "a food truck",
        "the station",
        "the laundromat",
    )
    thing = (
        "a red umbrella",
        "a lost glove",
        "a broken bicycle",
        "a pigeon with one foot",
        "a yellow balloon",
        "a huge puddle",
        "a man walking a tortoise",
        "a new vending machine",
    )
    chore = (
        "cleaned the fridge",
        "sorted my socks",
        "descaled the kettle",
        "paid the gas bill",
        "fixed the wobbly chair",
        "returned a parcel",
        "changed a light bulb",
        "vacuumed under the sofa",
    )
    weather = (
        "drizzled",
        "was foggy",
        "was weirdly windy",
        "hailed for ten minutes",
        "was grey and muggy",
    )
    part = ("morning", "afternoon", "evening")
    show = (
        "deep sea squid",
        "medieval castles",
        "how pencils are made",
        "desert beetles",
        "old trains",
        "volcanoes in Iceland",
    )
    forms = (
        lambda: f"I had {pick(rng, food)} for {pick(rng, meal)} at {pick(rng, place)}.",
        lambda: f"The bus was {rng.randint(4, 25)} minutes late this {pick(rng, part)}.",
        lambda: f"I saw {pick(rng, thing)} near {pick(rng, place)} today.",
        lambda: f"I finally {pick(rng, chore)}.",
        lambda: f"It {pick(rng, weather)} all {pick(rng, part)}.",
        lambda: f"Watched a documentary about {pick(rng, show)} before bed.",
        lambda: f"Found {rng.randint(2, 9)} coins in an old coat pocket.",
        lambda: f"Someone asked me the way to {pick(rng, place)} and I had no idea.",
    )
    return forms[rng.randrange(len(forms))]()


EN = Script(
    topics=(
        Topic(
            "cat",
            (
                "Mochi knocked a glass off the kitchen counter again this morning.",
                "Mochi fell asleep on my laptop keyboard while I was working.",
                "I bought Mochi a new scratching post and she ignored it completely.",
                "Mochi caught a moth tonight and looked very proud of herself.",
                "Took Mochi to the vet for her vaccines, she hated the carrier.",
                "Mochi has started sleeping at the foot of my bed every night.",
                "Mochi learned to open the cupboard where her treats are.",
                "My cat Mochi sat in the window all afternoon watching birds.",
            ),
            ("Do you remember the day I adopted Mochi?", "What do you remember about Mochi?"),
            "What is my cat called?",
            "Mochi",
        ),
        Topic(
            "sister",
            (
                "Called my sister Hana in Busan tonight, we talked for an hour.",
                "Hana sent me photos of the beach in Busan this morning.",
                "My sister Hana says the weather in Busan is much warmer than here.",
                "Hana is thinking about visiting me from Busan next month.",
                "Hana mailed me a box of fish cakes from Busan.",
                "Hana started a new job at a bookshop in Busan.",
            ),
            ("Do you remember where my sister Hana lives?",),
            "Which city does my sister live in?",
            "Busan",
        ),
        Topic(
            "work",
            (
                "Long night shift at Riverside Hospital, the ward was full.",
                "A patient at Riverside Hospital thanked me with a drawing today.",
                "I trained two new nurses at Riverside Hospital this week.",
                "The Riverside Hospital cafeteria changed its menu again.",
                "My head nurse at Riverside Hospital gave me the weekend off.",
                "Riverside Hospital is short of staff so I covered another shift.",
            ),
            ("Do you remember where I work as a nurse?",),
            "Which hospital do I work at?",
            "Riverside",
        ),
        Topic(
            "band",
            (
                "Band practice with The Lanterns tonight, we finally nailed the bridge.",
                "The Lanterns are writing a new song about the sea.",
                "I restrung my bass before The Lanterns rehearsal.",
                "Our drummer in The Lanterns wants to record an EP this year.",
                "The Lanterns played a small gig at a cafe on Saturday.",
            ),
            ("Do you remember the name of my band?",),
            "What is the name of the band I play bass in?",
            "Lanterns",
        ),
        Topic(
            "running",
            (
                "Ran ten kilometres along the river, training for the Chuncheon marathon.",
                "My knee hurt a bit on the long run, the Chuncheon marathon is getting closer.",
                "New personal best on my tempo run, my Chuncheon marathon plan is working.",
                "Bought new running shoes for the Chuncheon marathon training.",
                "Did hill repeats this morning to get ready for Chuncheon.",
            ),
            ("Do you remember which marathon I am training for?",),
            "Which race am I training for?",
            "Chuncheon",
        ),
        Topic(
            "pottery",
            (
                "Pottery class with Mrs. Okada tonight, my bowl finally came out round.",
                "Mrs. Okada showed us how to glaze pots with wood ash.",
                "My mug cracked in the kiln, Mrs. Okada said it happens to everyone.",
                "Mrs. Okada says my throwing on the wheel is getting much steadier.",
                "I made a small vase in pottery class and Mrs. Okada liked it.",
            ),
            ("Do you remember who teaches my pottery class?",),
            "Who teaches my pottery class?",
            "Okada",
        ),
    ),
    prologue=(
        "Remember this: today I adopted my cat Mochi, a tiny grey kitten from the shelter.",
        "I work as a nurse at Riverside Hospital.",
        "Remember this: my sister Hana lives in Busan, she is my best friend and I miss her.",
        "Remember this: I play bass in a band called The Lanterns, music keeps me going.",
        "I signed up for the Chuncheon marathon in October.",
        "I started a pottery class, the teacher is Mrs. Okada.",
        "Mochi explored every corner of the flat today.",
    ),
    remember=(
        "Please remember that I am allergic to peanuts.",
        "Remember that Hana's birthday is on the 12th of May.",
        "Don't forget: The Lanterns play at the Blue Door club on June 20.",
        "Remember this: my favourite flower is the freesia.",
        "Please remember that my flat's door code is not something to share.",
    ),
    strong=(
        (
            "I got promoted to senior nurse today! I am so happy and proud, I cannot stop smiling.",
            "Still can't believe I'm a senior nurse now, I am so happy and proud!",
            "Everyone congratulated me on the promotion today, I am so happy and proud!",
        ),
        (
            "Mochi got really sick tonight and I am terrified and heartbroken, so scared of "
            "losing her.",
            "Mochi is still sick, she will not eat and I am so scared and sad.",
            "Mochi is still sick today, she barely ate and I am so scared and sad.",
            "Mochi is still sick tonight, she will not eat and I am so scared and sad.",
        ),
        (
            "Hana told me she is pregnant! I am so happy and excited, I cried with joy.",
            "I still can't stop smiling about Hana's baby, I am so happy and excited!",
            "Hana sent me the baby scan today, I am so happy and excited!",
        ),
        (
            "My grandfather passed away this morning. I am devastated and so sad, and angry at "
            "how fast it happened.",
            "I keep crying about grandpa, I miss him so much and I am so sad.",
            "Still crying about grandpa today, I miss him so much, I am so sad.",
            "The funeral was today, I miss grandpa so much and I am so sad.",
        ),
        (
            "I finished the Chuncheon marathon! I am exhausted but so proud and happy.",
            "My legs hurt but I am still so proud and happy about the marathon!",
            "Still so proud and happy that I finished the marathon!",
        ),
        (
            "I had a huge fight with my best friend Jun, I am so angry and hurt.",
            "Jun still won't talk to me, I am so angry and hurt.",
            "Still so angry and hurt about the fight with Jun.",
        ),
        (
            "A patient I cared for for months died today, I am heartbroken and so sad and "
            "scared I failed him.",
            "I still feel so sad and guilty about my patient, I am heartbroken.",
        ),
        (
            "The Lanterns got invited to play at a real festival! I am thrilled, so happy and "
            "excited.",
            "Still so excited about the festival invitation, I am so happy!",
        ),
        (
            "Mochi is healthy again, the vet says she is fine! I am so relieved and happy.",
            "Mochi is playing again, I am so relieved and happy!",
        ),
    ),
    trivia=_trivia_en,
    replies=(
        "Oh, I see.",
        "Thanks for telling me.",
        "Ha, that's so you.",
        "Tell me more!",
        "That sounds like quite a day.",
        "Mm, go on.",
    ),
    warm_replies=(
        "That means a lot. I'm right here with you.",
        "Wow. I'm so glad you told me.",
        "I'm holding that with you.",
    ),
    remember_reply="I'll remember that.",
    anniversary="It's been {months} months since I adopted Mochi, she has grown so much.",
    answer_reply="Of course I remember: {answer}.",
    unsure_reply="Hmm, I'm not sure. Remind me?",
    bonding=(
        "Thank you for listening to me tonight, it really helps.",
        "I drew a little sketch of Mochi on my break and I brought you a copy.",
        "We watched the rain together from the window tonight, that was nice.",
        "You're so kind, you always know what to say.",
        "Thanks for remembering the little things, I appreciate it.",
        "I made a playlist for you, all the songs The Lanterns covered this year.",
        "We stayed up talking together until three last night, I loved that.",
        "I trust you with all of this, you know.",
    ),
    evenings=(
        ("working late", "rain"),
        ("running", "cold"),
        ("practising bass", None),
        ("studying", None),
        ("working", "hot"),
        (None, "snow"),
        (None, None),
    ),
)
