"""Thracula's guided first deal: one deal for three, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre {title}"),
    options={"players": 3, "deals": 1},
    seed=1,
    deck=(
        "3H",
        "4D",
        "AH",
        "7D",
        "4H",
        "5H",
        "8S",
        "5C",
        "KS",
        "10S",
        "10C",
        "7S",
        "9C",
        "V1",
        "4S",
        "JH",
        "KC",
        "AC",
    ),
    welcome=(
        Said(
            "Welcome to {title}. Nine cards lie face down in a 3×3 square, the coffin. You "
            "own one row and one column of it, and score the better of the two.",
            "Bienvenue à {title}. Neuf cartes sont posées face cachée en carré de 3×3, le "
            "cercueil. Vous possédez une rangée et une colonne, et marquez la meilleure des "
            "deux.",
        ),
        Said(
            "You dealt, so you own row 2 and column b; the screen shows each line's owner.",
            "Vous avez donné : vous possédez la rangée 2 et la colonne b ; l'écran montre le "
            "propriétaire de chaque ligne.",
        ),
        Said(
            "A turn has two steps: take a face-down card into your hand (only you see it), "
            "then fill that same cell face up with any card from your hand.",
            "Un tour a deux temps : prendre en main une carte cachée (vous seul la voyez), "
            "puis remplir cette même case, face visible, avec une carte de votre main.",
        ),
        Said(
            "A line is worth the sum of its cards, times 5 for three of one suit, 3 for three "
            "of one colour, 2 for two of one suit. A King counts 10 only in a column, a Queen "
            "only in a row. A Vampire doubles its line.",
            "Une ligne vaut la somme de ses cartes, fois 5 pour trois d'une même couleur, 3 "
            "pour trois d'une même teinte, 2 pour deux d'une même couleur. Le Roi ne vaut 10 "
            "qu'en colonne, la Dame qu'en rangée. Un Vampire double sa ligne.",
        ),
    ),
    steps=(
        Step(
            "take c2",
            Said(
                "c2 is in your row 2: whatever you put back there counts for you, and you "
                "learn one more hidden card.",
                "c2 est dans votre rangée 2 : ce que vous y reposerez comptera pour vous, et "
                "vous découvrez une carte cachée de plus.",
            ),
        ),
        Step(
            "put 5H",
            Said(
                "5♡ starts hearts in your row 2, and you hold A♡ to follow it. Keep K♠ for "
                "your column b, where a King counts 10 (in a row it counts 0).",
                "le 5♡ commence des cœurs dans votre rangée 2, et vous avez l'A♡ pour le "
                "suivre. Gardez le R♠ pour votre colonne b, où un Roi vaut 10 (0 en rangée).",
            ),
        ),
        Step(
            "take a2",
            Said(
                "a2 is in your row 2 too: fill your own line while the cells are still hidden.",
                "a2 est aussi dans votre rangée 2 : remplissez votre propre ligne tant que les "
                "cases sont encore cachées.",
            ),
        ),
    ),
    first_time={
        "coffin_scored": Said(
            "The coffin is full: each player scores the better of their own row and column.",
            "Le cercueil est plein : chacun marque la meilleure de sa rangée et de sa colonne.",
        ),
    },
    farewell=Said(
        "That was one deal; a full game is six, and you keep your hand from deal to deal. Now "
        "play a whole game: a hint at any turn explains a good move.",
        "Voilà une donne ; une partie en compte six, et l'on garde sa main d'une donne à "
        "l'autre. À vous maintenant d'en jouer une entière : à chaque tour, un conseil "
        "explique un bon coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
