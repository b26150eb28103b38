"""Colour-blind's guided first deal: one deal for three, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre {title}"),
    options={"players": 3, "deals": 1},
    seed=1,
    deck=(
        "2H",
        "3D",
        "KS",
        "5D",
        "3H",
        "4H",
        "7S",
        "3C",
        "QS",
        "9S",
        "8C",
        "8S",
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
        "JD",
        "8D",
        "4D",
        "AD",
        "6D",
        "10C",
        "10D",
        "7D",
        "QH",
        "5H",
        "7H",
        "9D",
        "2D",
        "6S",
        "KH",
        "4C",
        "9C",
        "JS",
        "3S",
        "AS",
        "KC",
        "AC",
        "10S",
        "JH",
    ),
    welcome=(
        Said(
            "Welcome to {title}. Each trick wins one card of the face-up row, from left "
            "to right; the tricks themselves are worth nothing.",
            "Bienvenue à {title}. Chaque pli gagne une carte de la rangée visible, de "
            "gauche à droite ; les plis eux-mêmes ne valent rien.",
        ),
        Said(
            "Most row cards are red, so red is the good colour this deal: a red row card "
            "earns its value, a black one costs it (Ace 1, Jack 11, Queen 12, King 13).",
            "La plupart des cartes de la rangée sont rouges : le rouge est la bonne teinte "
            "de cette donne. Une carte rouge gagnée rapporte sa valeur, une noire la coûte "
            "(As 1, Valet 11, Dame 12, Roi 13).",
        ),
        Said(
            "Follow suit if you can. The highest rank wins whatever its suit, and of two cards "
            "of that rank the later one wins.",
            "Fournissez si vous pouvez. La plus haute carte gagne quelle que soit sa couleur, "
            "et de deux cartes de même rang, la dernière jouée l'emporte.",
        ),
    ),
    steps=(
        Step(
            "9H",
            Said(
                "you must play a heart. 9♡ beats 8♡ and 4♡ and wins 5♢, a red card: +5. "
                "Keep K♡ for a bigger prize.",
                "vous devez jouer cœur. Le 9♡ bat le 8♡ et le 4♡ et gagne le 5♢, une carte "
                "rouge : +5. Gardez le R♡ pour un plus gros lot.",
            ),
            look=Said(
                "The next row card, marked » «, is 5♢.",
                "La prochaine carte de la rangée, marquée » «, est le 5♢.",
            ),
        ),
        Step(
            "7S",
            Said(
                "3♣ is black and costs only 3. Lead a middling spade: whoever wins takes a small "
                "loss, and your high cards wait for 10♡, A♡ and K♢.",
                "le 3♣ est noir et ne coûte que 3. Entamez un pique moyen : qui gagne prend "
                "une petite perte, et vos hautes cartes attendent le 10♡, l'A♡ et le R♢.",
            ),
        ),
        Step(
            "2C",
            Said(
                "next comes 8♠, which costs 8: lead your lowest card so that someone else wins "
                "this trick.",
                "vient ensuite le 8♠, qui coûte 8 : entamez votre plus petite carte pour qu'un "
                "autre gagne ce pli.",
            ),
        ),
    ),
    first_time={
        "deal_scored": Said(
            "The deal is scored: each player adds their good-colour row cards and takes away "
            "the others; below zero counts 0.",
            "La donne est comptée : chacun ajoute ses cartes de la bonne teinte et retire les "
            "autres ; un total négatif compte 0.",
        ),
    },
    farewell=Said(
        "That was one deal; by default each player deals once. Now play a whole game: a hint "
        "at any turn explains a good move.",
        "Voilà une donne ; par défaut chacun donne une fois. À vous maintenant d'en jouer une "
        "entière : à chaque tour, un conseil explique un bon coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
