"""Casino's guided first round: two players, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre le {title}"),
    options={"players": 2, "target": 1},
    seed=2,
    deck=(
        "5D",
        "2H",
        "2D",
        "KS",
        "6D",
        "3H",
        "4H",
        "7S",
        "3C",
        "QS",
        "9S",
        "8C",
        "6S",
        "7C",
        "QC",
        "4S",
        "10H",
        "JC",
        "QD",
        "2C",
        "AH",
        "8H",
        "6C",
        "9H",
        "KD",
        "2S",
        "5S",
        "6H",
        "5C",
        "AC",
        "8D",
        "3D",
        "KH",
        "7D",
        "KC",
        "10D",
        "4D",
        "JH",
        "JS",
        "7H",
        "9D",
        "AD",
        "3S",
        "QH",
        "4C",
        "9C",
        "5H",
        "8S",
        "AS",
        "10C",
        "JD",
        "10S",
    ),
    welcome=(
        Said(
            "Welcome to {title}. You capture table cards with cards from your hand; points go "
            "to the most cards, the most spades, 10♢ (big casino), 2♠ (little casino) and "
            "the aces.",
            "Bienvenue au {title}. On ramasse les cartes de la table avec celles de sa main ; "
            "les points vont au plus de cartes, au plus de piques, au 10♢ (grand casino), au "
            "2♠ (petit casino) et aux as.",
        ),
        Said(
            "A card captures table cards of its value, alone or adding up to it (Ace 1, 2 to "
            "10 their value); a J, Q or K takes one card of its own rank.",
            "Une carte ramasse les cartes de sa valeur, seules ou dont la somme l'égale (As 1, "
            "2 à 10 leur valeur) ; un V, une D ou un R prend une carte de son rang.",
        ),
        Said(
            "You may also build: put your card with table cards to make a total you hold in "
            "hand, and take it all next turn. Or trail: leave a card on the table.",
            "Vous pouvez aussi bâtir : poser votre carte avec des cartes de la table pour "
            "faire un total que vous avez en main, et tout ramasser au tour suivant. Ou "
            "poser : laisser une carte sur la table.",
        ),
        Said(
            "This lesson is one round: the pack is dealt four cards at a time until it runs out.",
            "Cette leçon est une manche : on distribue le paquet quatre cartes à la fois "
            "jusqu'à ce qu'il soit épuisé.",
        ),
    ),
    steps=(
        Step(
            "4H build 7",
            Said(
                "4♡ with 3♣ from the table makes 7, and you hold 7♠: next turn it takes the "
                "build, three cards with a spade.",
                "le 4♡ avec le 3♣ de la table fait 7, et vous avez le 7♠ : au tour suivant il "
                "ramasse la construction, trois cartes dont un pique.",
            ),
        ),
    ),
    first_time={
        "build_made": Said(
            "A build stays on the table until someone takes it with its value or raises it.",
            "Une construction reste sur la table jusqu'à ce qu'on la prenne avec sa valeur "
            "ou qu'on l'augmente.",
        ),
        "capture": Said(
            "A capture: the cards go to their taker's pile, which counts at the round's end.",
            "Une prise : les cartes vont dans le tas de qui les prend, compté en fin de manche.",
        ),
        "round_scored": Said(
            "The round is scored: most cards 3, most spades 1, 10♢ 2, 2♠ 1, each ace 1.",
            "La manche est comptée : le plus de cartes 3, le plus de piques 1, 10♢ 2, 2♠ 1, "
            "chaque as 1.",
        ),
    },
    farewell=Said(
        "That was one round; a game goes on to 21 points. Now play a whole game: a hint at "
        "any turn explains a good move.",
        "Voilà une manche ; une partie se joue en 21 points. À vous maintenant d'en jouer une "
        "entière : à chaque tour, un conseil explique un bon coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
