"""Twelve's guided first deal: one deal, you lead, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn Twelve", "Apprendre Douze"),
    options={"deals": 1, "first_dealer": 1},
    seed=1,
    deck=("AS", "KS", "QH", "AH", "9S", "10H", "JS", "QS"),
    welcome=(
        Said(
            "Welcome to Twelve: four tricks with a 12-card pack, 9 to Ace of spades and "
            "hearts. Each trick scores 1 point, the last one 2.",
            "Bienvenue à Douze : quatre levées avec douze cartes, du 9 à l'As de pique et de "
            "cœur. Chaque levée vaut 1 point, la dernière 2.",
        ),
        Said(
            "You did not deal, so you lead. Follow the suit led when you can; the higher "
            "card of that suit wins.",
            "Vous n'avez pas donné : vous entamez. Fournissez la couleur demandée si vous le "
            "pouvez ; la plus forte carte de cette couleur gagne.",
        ),
    ),
    steps=(
        Step(
            "AS",
            Said(
                "nothing beats your Ace of spades: lead it and the first trick is yours.",
                "rien ne bat votre As de pique : entamez-le et la première levée est à vous.",
            ),
        ),
    ),
    farewell=Said(
        "The deal is over: that is all of Twelve. Play a whole game with: parlour play twelve.",
        "La donne est finie : vous savez tout de Douze. À vous une partie entière, maintenant.",
    ),
    first_time={
        "twelve_trick_won": Said(
            "A trick is won: its winner leads the next one.",
            "Une levée est remportée : son gagnant entame la suivante.",
        ),
    },
)
"""The lesson (``parlour learn twelve``)."""
