"""Avalanche's Rules screen in Catalan.

The notes of the former ca.py of every game's Rules screens, kept for translators:

Catalan Rules screens (català), translated from en.py and faithful to shared/rules/*.md.

Grinch terms follow the Catalan seed: Corones, Soroll, Ornaments, Regals,
Arc de Sant Martí, bloc de puntuació, fitxa del Grinch, fitxes de cor, pila
de descart and the Whos; the seed's machine slips are put right (pila de
robar, not "pila de roba"; Iguals and Escala for the Match and Run rows).
Sticheln and Avalanche have no Catalan seed: basa, color de sortida, color
de dolor; allau, nevada, créixer / aturar-se / caure, pila neutral.
"""

from __future__ import annotations

from game.common.sections import Cards, Section

TITLE = "Allau"

TAGLINE = "Fes créixer l'allau amb grups més grans i emporta-te-la quan caigui després de tu."

RULES: list[Section] = [
    Section(
        "Què cal",
        [
            "De 2 a 6 jugadors i 110 cartes: dues baralles normals de 52 cartes més 6 comodins.",
            (
                "Només importa el valor de la carta, de més baix a més alt: 2, 3, 4, 5, 6, 7, 8, 9, 10, valet, dama, "
                "rei, as i, al capdamunt, el comodí. Els pals només són decoració."
            ),
            (
                "El comodí no substitueix cap carta: simplement és el valor més alt, i uns quants comodins junts fan un "
                "grup perfectament vàlid."
            ),
            Cards(
                ("2C", "7D", "10H", "JS", "QS", "KH", "AD", "Joker"), "De més baix a més alt. Els pals no importen mai."
            ),
        ],
    ),
    Section(
        "L'objectiu",
        [
            (
                "Aconsegueix tantes cartes com puguis. Les cartes arriben a la teva pila de guanys quan una allau cau "
                "just després que hi hagis jugat."
            ),
        ],
    ),
    Section(
        "El repartiment",
        [
            (
                "Es tria qui reparteix (aquesta taula ho fa per tu). Cadascú rep 10 cartes i la resta forma la pila de "
                "robar, cap per avall."
            ),
            (
                "Comença el jugador a l'esquerra de qui reparteix, i els torns segueixen el sentit de les agulles del "
                "rellotge."
            ),
        ],
    ),
    Section(
        "El teu torn: la taula és buida",
        [
            "Quan no hi ha cap allau a la taula, fes una d'aquestes coses:",
            (
                "• Nevada: roba una carta de la pila de robar. Aquest és tot el teu torn. No ho pots fer si la pila de "
                "robar és buida."
            ),
            "• Comença una allau: posa una carta, o diverses cartes del mateix valor, cap per amunt a la taula.",
        ],
    ),
    Section(
        "El teu torn: hi ha una allau",
        [
            (
                "Un cop ha començat una allau, no pots robar. Has de posar un grup, és a dir, qualsevol nombre de "
                "cartes que tinguin totes el mateix valor. El teu grup es compara amb el que acaba de posar el jugador "
                "anterior, i passa una d'aquestes tres coses."
            ),
            (
                "• Creix si jugues més cartes (de qualsevol valor), o el mateix nombre de cartes d'un valor igual o més "
                "alt. Les teves cartes s'afegeixen a la pila i el joc continua."
            ),
            (
                "• S'atura si jugues el mateix nombre de cartes, com a mínim dues, d'un valor més baix. Tot el que hi "
                "ha a la taula va a la pila neutral, que no compta per a ningú."
            ),
            (
                "• Cau si jugues menys cartes, o una carta sola més baixa que una altra carta sola. Tot el que hi ha a "
                "la taula, incloses les teves cartes, va cap per avall al jugador que ha jugat just abans que tu."
            ),
            (
                "Després d'una aturada o una caiguda la taula queda buida i el jugador a la teva esquerra fa el torn "
                "següent. Qualsevol grup que posis fa créixer, aturar o caure l'allau, així que sempre tens jugada "
                "mentre tinguis una carta."
            ),
            Cards(
                ("4H", "4S", "2C", "2D", "2S"),
                "Dos 4 i després tres 2: més cartes, així que creix, encara que el 2 sigui més baix.",
            ),
            Cards(
                ("9S", "9H", "9D", "7C", "7S", "7D"),
                "Tres 9 i després tres 7: mateixa mida, valor més baix, així que s'atura.",
            ),
            Cards(
                ("QS", "3H"), "Una dama i després un 3 sol, més baix: dues cartes soles no s'aturen mai, així que cau."
            ),
        ],
    ),
    Section(
        "Reposar i quedar-se sense cartes",
        [
            (
                "Si al final del teu torn tens la mà buida, roba fins a tenir 10 cartes, o les que quedin a la pila de "
                "robar si n'hi ha menys."
            ),
            (
                "Quan s'acaba la pila de robar, ja ningú no pot fer nevada: qui tingui el torn amb la taula buida ha de "
                "començar una allau nova."
            ),
            (
                "Un jugador amb la mà buida i res per robar queda fora de la partida, però es queda les cartes que ha "
                "guanyat. Una caiguda encara li pot donar més cartes."
            ),
        ],
    ),
    Section(
        "Final de la partida i puntuació",
        [
            (
                "La partida s'acaba quan com a molt queda un jugador amb cartes. La mà d'aquest jugador, i les cartes "
                "que encara hi hagi al mig, van a la pila neutral."
            ),
            (
                "La teva puntuació és el nombre de cartes de la teva pila de guanys. Guanya qui en tingui més; els "
                "jugadors empatats comparteixen la victòria."
            ),
            (
                "Exemple: Mina juga dos 8. Leo només pot respondre amb un rei sol, així que l'allau cau i Mina "
                "s'emporta totes les cartes de la taula, també el rei de Leo. Si a la taula hi havia 12 cartes, són "
                "12 punts per a Mina."
            ),
        ],
    ),
    Section(
        "Com es juga en aquesta taula",
        [
            (
                "Per jugar, fes clic en cartes d'un mateix valor de la teva mà per seleccionar-les i després prem el "
                "botó de jugar."
            ),
            "Per fer nevada, fes clic a la pila de robar.",
            "Si una jugada no està permesa, les cartes tremolen una mica i la línia d'estat explica per què.",
        ],
    ),
]
