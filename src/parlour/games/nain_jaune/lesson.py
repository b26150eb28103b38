"""Nain Jaune's guided first deal: one deal for four, the coach beside you."""

from parlour.core.lesson import Lesson, Said, Step

LESSON = Lesson(
    title=Said("Learn {title}", "Apprendre le {title}"),
    options={"players": 4, "max_deals": 1},
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
    ),
    welcome=(
        Said(
            "Welcome to {title}. The aim: get rid of your cards first, in runs of rising "
            "ranks (A, 2, 3 … 10, J, Q, K), and collect chips.",
            "Bienvenue au {title}. Le but : vous défaire le premier de vos cartes, en "
            "suites de rangs montants (A, 2, 3 … 10, V, D, R), et gagner des jetons.",
        ),
        Said(
            "Everyone put chips on the five boxes: 10♢, J♣, Q♠, K♡ and 7♢, the yellow dwarf. "
            "Playing a box's card wins the box at once.",
            "Chacun a misé sur les cinq cases : 10♢, V♣, D♠, R♡ et 7♢, le nain jaune. Jouer "
            "la carte d'une case gagne la case aussitôt.",
        ),
        Said(
            "Only ranks matter for a run, not suits. When you lack the next rank you say "
            'so ("no 8"; in French "sans 8", the call\'s name), and the next player '
            "who holds it carries on.",
            "Seul le rang compte pour une suite, pas la couleur. S'il vous manque le rang "
            "suivant, vous êtes « sans », et le suivant qui l'a continue.",
        ),
        Said(
            "You start: play any card.",
            "Vous commencez : jouez n'importe quelle carte.",
        ),
    ),
    steps=(
        Step(
            "3C",
            Said(
                "you hold 3, 4, 5 and 6: starting at 3 plays four cards in one run. A long run "
                "empties your hand fast.",
                "vous avez 3, 4, 5 et 6 : commencer au 3 joue quatre cartes d'une seule suite. "
                "Une longue suite vide vite la main.",
            ),
        ),
        Step(
            "4C",
            Said(
                "either 4 carries the run on: only the rank counts. Cards left at the end cost "
                "their value, and both 4s cost 4.",
                "l'un ou l'autre 4 continue la suite : seul le rang compte. Les cartes qui "
                "restent à la fin coûtent leur valeur, et les deux 4 coûtent 4.",
            ),
            equal=("4D",),
        ),
    ),
    first_time={
        "sans": Said(
            '"No …" ("sans"): that player lacks the next rank. The next players are '
            "offered it in turn.",
            "« Sans » : ce joueur n'a pas le rang suivant. On le propose aux suivants, chacun "
            "à son tour.",
        ),
        "box_claimed": Said(
            "A box's card was played: its player takes the chips of that box.",
            "La carte d'une case a été jouée : son joueur en prend les jetons.",
        ),
        "deal_ended": Said(
            "The deal is over: every other player paid the winner for the cards they still "
            "held, and doubled the box of any board card left in hand.",
            "La donne est finie : chacun a payé au gagnant les cartes qui lui restaient, et "
            "doublé la case de toute carte du tableau restée en main.",
        ),
    },
    farewell=Said(
        "That was one deal; a game goes on until someone has no chips left. Now play a whole "
        "game: a hint at any turn explains a good move.",
        "Voilà une donne ; une partie continue jusqu'à ce qu'un joueur n'ait plus de jetons. "
        "À vous maintenant d'en jouer une entière : à chaque tour, un conseil explique un bon "
        "coup.",
    ),
)
"""The lesson: forced deal, script and the coach's notes."""
