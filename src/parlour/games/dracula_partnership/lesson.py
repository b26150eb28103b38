"""Partnership Dracula's guided first deal: six coffins, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre {title}"),
    options={"players": 4, "deals": 1},
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
            "Welcome to {title}. You and Bot 3, opposite you, are one side; Bot 2 "
            "and Bot 4 the other. Six coffins (3×3 squares) are built one after another.",
            "Bienvenue à {title}. Vous et Robot 3, en face, formez un camp ; Robot 2 et "
            "Robot 4 l'autre. Six cercueils (carrés de 3×3) se construisent l'un après l'autre.",
        ),
        Said(
            "In each coffin your side scores its best line against theirs. A line is worth "
            "the sum of its cards, times 5 for three of one suit, 3 for three of one colour, "
            "2 for two of one suit. A Vampire makes its row and column worth 0.",
            "Dans chaque cercueil votre camp marque sa meilleure ligne contre la leur. Une "
            "ligne vaut la somme de ses cartes, fois 5 pour trois d'une même couleur, 3 pour "
            "trois d'une même teinte, 2 pour deux d'une même couleur. Un Vampire annule sa "
            "rangée et sa colonne.",
        ),
        Said(
            "You dealt, so you choose first: rows (the Queen's way) or columns (the King's way).",
            "Vous avez donné : vous choisissez d'abord les rangées (la voie de la Dame) ou "
            "les colonnes (la voie du Roi).",
        ),
    ),
    steps=(
        Step(
            "rows",
            Said(
                "either way can win. In rows a Queen counts 10 and a King 0; your side scores "
                "rows in all six coffins.",
                "les deux peuvent gagner. En rangée la Dame vaut 10 et le Roi 0 ; votre camp "
                "marquera les rangées dans les six cercueils.",
            ),
        ),
        Step(
            "AH b3",
            Said(
                "column b (8♣ K♣) would score ×5 for the other side with a third club; A♡ at "
                "b3 breaks it: two clubs and a heart make only ×2.",
                "la colonne b (8♣ R♣) vaudrait ×5 à l'autre camp avec un troisième trèfle ; "
                "l'A♡ en b3 la casse : deux trèfles et un cœur ne font que ×2.",
            ),
        ),
        Step(
            "10H c3",
            Said(
                "column c holds the Vampire, so it scores 0 for the other side whatever goes "
                "there; 10♡ at c3 builds your row 3 with A♡: two hearts, ×2.",
                "la colonne c contient le Vampire : elle ne vaut rien à l'autre camp, quoi "
                "qu'on y pose ; le 10♡ en c3 bâtit votre rangée 3 avec l'A♡ : deux cœurs, ×2.",
            ),
        ),
    ),
    first_time={
        "first_nail": Said(
            "The first card of a coffin goes in the centre, b2: the first nail.",
            "La première carte d'un cercueil se pose au centre, en b2 : le premier clou.",
        ),
        "coffin_scored": Said(
            "A coffin is full and scored: each side scores its best line. The next coffin is "
            "started by the next player.",
            "Un cercueil est plein et compté : chaque camp marque sa meilleure ligne. Le "
            "joueur suivant commence le cercueil suivant.",
        ),
    },
    farewell=Said(
        "That was one deal of six coffins. Now play a whole game: a hint at any turn explains "
        "a good move.",
        "Voilà une donne de six cercueils. À vous maintenant de jouer une partie entière : à "
        "chaque tour, un conseil explique un bon coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
