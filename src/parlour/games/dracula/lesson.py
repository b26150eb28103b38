"""Dracula's guided first deal: one deal for two, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre {title}"),
    options={"players": 2, "deals": 1},
    seed=1,
    # Bot 2 holds the Vampire V2 and plays it on the learner's red column c at its
    # second turn: the lesson meets a Vampire, and the coach says what it did.
    deck=("4D", "AH", "6D", "V2", "4H", "8S", "4C", "KS", "10S"),
    welcome=(
        Said(
            "Welcome to {title}. Together you and Bot 2 fill a 3×3 square, the coffin, "
            "four cards each.",
            "Bienvenue à {title}. Robot 2 et vous remplissez ensemble un carré de 3×3, le "
            "cercueil, avec quatre cartes chacun.",
        ),
        Said(
            "Bot 2 won the cut (a red card beats a black one), so Bot 2 dealt and chose the "
            "rows: you score the columns a, b and c, and you play first. At the end each of you "
            "scores your own best line.",
            "Robot 2 a gagné la coupe (une carte rouge bat une noire) : Robot 2 a donc donné et "
            "choisi les rangées ; vous marquez les colonnes a, b et c, et vous jouez en premier. "
            "À la fin, chacun marque sa meilleure ligne.",
        ),
        Said(
            "A line is worth the sum of its cards, times 5 for three of one suit, 3 for three "
            "of one colour, 2 for two of one suit. In a column a King counts 10 and a Queen 0.",
            "Une ligne vaut la somme de ses cartes, fois 5 pour trois d'une même couleur "
            "(♥♥♥), 3 pour trois d'une même teinte (rouge ou noire), 2 pour deux d'une même "
            "couleur. Dans une colonne le Roi vaut 10 et la Dame 0.",
        ),
        Said(
            "The first nail, 10♠, is in the centre. A card goes in an empty cell that touches "
            "a filled cell side by side.",
            "Le premier clou, le 10♠, est au centre. Une carte se pose dans une case vide qui "
            "touche une case pleine par un côté.",
        ),
    ),
    steps=(
        Step(
            "4D c2",
            Said(
                "your hand is red (4♢ 6♢ 4♡). 4♢ at c2 starts column c, where 6♢ can follow: "
                "three red cards in a column score ×3.",
                "votre main est rouge (4♢ 6♢ 4♡). Le 4♢ en c2 commence la colonne c, où le 6♢ "
                "pourra le suivre : trois cartes rouges dans une colonne valent ×3.",
            ),
        ),
        Step(
            "6D c1",
            Said(
                "6♢ above 4♢: column c already holds two diamonds (×2), and one more red card "
                "makes it ×3.",
                "le 6♢ au-dessus du 4♢ : la colonne c a déjà deux carreaux (×2), et une carte "
                "rouge de plus la porte à ×3.",
            ),
            look=Said(
                "Bot 2 put 8♠ at a2: his row 2 (8♠ 10♠ 4♢) is worth 44 already. Think about "
                "your own columns first.",
                "Robot 2 a posé le 8♠ en a2 : sa rangée 2 (8♠ 10♠ 4♢) vaut déjà 44. Pensez "
                "d'abord à vos colonnes.",
            ),
        ),
        Step(
            "4C a1",
            look=Said(
                "Bot 2 played a Vampire, V2, at c3. Every line that holds a Vampire scores 0, "
                "row and column alike: your column c (6♢ 4♢) is now worth nothing, and so is "
                "Bot 2's row 3. The pack holds two: one kept in hand can spoil the other side's "
                "best line.",
                "Robot 2 a joué un Vampire, le V2, en c3. Toute ligne qui contient un Vampire "
                "vaut 0, rangée comme colonne : votre colonne c (6♢ 4♢) ne vaut plus rien, pas "
                "plus que la rangée 3 de Robot 2. Le paquet en compte deux : un Vampire gardé en "
                "main peut gâcher la meilleure ligne de l'adversaire.",
            ),
            why=Said(
                "4♣ over 8♠ gives column a two black cards, and a third black one would make "
                "it ×3; in row 1 a club beside a diamond can never make three of a colour for "
                "Bot 2.",
                "le 4♣ au-dessus du 8♠ donne à la colonne a deux cartes noires, et une "
                "troisième noire la porterait à ×3 ; dans la rangée 1, un trèfle à côté d'un "
                "carreau ne fera jamais trois d'une teinte pour Robot 2.",
            ),
        ),
    ),
    first_time={
        "coffin_scored": Said(
            "The coffin is full and scored: each of you scores your own best line. A tie "
            "between the best lines would make you both score your second best.",
            "Le cercueil est plein et compté : chacun marque sa meilleure ligne. À égalité, "
            "chacun marquerait sa deuxième meilleure.",
        ),
        "end_bonus": Said(
            "At the end of the game the higher total also adds the difference as a bonus.",
            "À la fin de la partie, le plus fort total ajoute encore l'écart en prime.",
        ),
    },
    farewell=Said(
        "That was one deal; a full game is six, and the deal alternates. Now play a whole "
        "game: a hint at any turn explains a good move.",
        "Voilà une donne ; une partie en compte six, et la donne alterne. À vous maintenant "
        "d'en jouer une entière : à chaque tour, un conseil explique un bon coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
