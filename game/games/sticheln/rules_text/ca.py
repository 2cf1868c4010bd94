"""Sticheln's Rules screen in Catalan.

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

TITLE = "Sticheln"

TAGLINE = "Guanya basses, però cada carta del color de dolor que has triat et resta."

RULES: list[Section] = [
    Section(
        "Què cal",
        [
            (
                "De 3 a 6 jugadors. La baralla canvia segons el nombre de jugadors i es reparteixen totes les cartes, "
                "de manera que cada jugador sempre en rep 15."
            ),
            "• 3 jugadors: taronja, groc, verd, blau i rosa, numerades del 0 al 8 (45 cartes).",
            "• 4 jugadors: els mateixos cinc colors, del 0 a l'11 (60 cartes).",
            "• 5 jugadors: els mateixos cinc colors, del 0 al 14 (75 cartes).",
            "• 6 jugadors: s'hi afegeix el gris, sis colors del 0 al 14 (90 cartes).",
            Cards(
                ("red 0", "yellow 8", "green 3", "blue 11", "purple 14", "grey 6"),
                "Cada color té el seu propi símbol, així que mai no cal distingir els colors.",
            ),
        ],
    ),
    Section(
        "L'objectiu",
        [
            (
                "Guanya basses per endur-te cartes. Gairebé totes les cartes que t'endus valen 1 punt, sigui quin sigui "
                "el número. Però a l'inici de cada ronda tries un color com a color de dolor, i les cartes d'aquest "
                "color et resten tot el seu valor. Quan s'acaben totes les rondes, guanya el jugador amb més punts."
            ),
        ],
    ),
    Section(
        "Tria la carta de dolor",
        [
            (
                "Barreja i reparteix totes les cartes. Cadascú mira les seves 15 cartes i en tria una en secret. Quan "
                "tothom ha triat, es giren totes alhora."
            ),
            (
                "El color de la carta que has triat és el teu color de dolor en aquesta ronda. Dos o més jugadors poden "
                "acabar tenint el mateix color de dolor."
            ),
            (
                "La teva carta de dolor queda descoberta davant teu fins que s'acaba la ronda. No es juga mai, i al "
                "final el seu valor et resta. Jugues la ronda amb les altres 14 cartes."
            ),
        ],
    ),
    Section(
        "Com es juga una basa",
        [
            (
                "Qui surt juga qualsevol carta. El seu color passa a ser el color de sortida d'aquesta basa, encara que "
                "la carta sigui un 0."
            ),
            (
                "Després, en el sentit de les agulles del rellotge, cadascun dels altres juga una carta. Pots jugar el "
                "que vulguis: no cal seguir el color de sortida ni superar ningú."
            ),
            (
                "Quan tothom ha jugat, el guanyador apila totes les cartes de la basa cap per avall davant seu i surt a "
                "la basa següent."
            ),
        ],
    ),
    Section(
        "Qui guanya la basa?",
        [
            "Primer, no tinguis en compte cap 0: un 0 no pot guanyar mai una basa.",
            (
                "• Si algú ha jugat una carta que no és del color de sortida, guanya la més alta d'aquestes cartes d'un "
                "altre color."
            ),
            "• Si totes les cartes són del color de sortida, guanya la més alta.",
            "• Si dues cartes guanyadores tenen el mateix número, guanya la que s'ha jugat primer.",
            Cards(
                ("red 4", "red 1", "red 7", "blue 1"),
                "Ha sortit taronja. L'1 blau és l'únic altre color, així que supera el 7 taronja.",
            ),
            Cards(
                ("yellow 3", "green 3", "blue 5", "green 5"),
                "El blau 5 i el verd 5 empaten com a més alts; el blau 5 ha sortit abans i guanya.",
            ),
            Cards(
                ("red 9", "blue 0", "green 0", "yellow 0"),
                "Els altres colors són tots 0, que no guanyen mai, així que el taronja 9 s'emporta la basa.",
            ),
        ],
    ),
    Section(
        "Una basa només de zeros",
        [
            (
                "De vegades totes les cartes d'una basa són 0. Llavors la basa no és de ningú: les seves cartes surten "
                "de la ronda sense puntuar, i el mateix jugador torna a sortir."
            ),
        ],
    ),
    Section(
        "Puntuació de la ronda",
        [
            (
                "Després de 14 basses ningú no té cartes i la ronda s'acaba. Ara cada jugador compta les cartes que ha "
                "guanyat:"
            ),
            "• cada carta que no és del teu color de dolor: més 1, sigui quin sigui el número (també un 0);",
            "• cada carta del teu color de dolor: menys el seu número;",
            "• la teva carta de dolor, davant teu: també menys el seu número.",
            Cards(("blue 3",), "Exemple: la carta de dolor d'aquest jugador és el blau 3."),
            Cards(
                ("blue 6", "blue 0", "red 2", "green 9"),
                "A la seva pila hi ha el blau 6, el blau 0 i vuit cartes d'altres colors.",
            ),
            (
                "Puntua -3 per la carta de dolor, -6 pel blau 6, res pel blau 0 i +8 per les altres cartes: -3 - 6 - 0 "
                "+ 8 = -1 en aquesta ronda."
            ),
        ],
    ),
    Section(
        "Final de la partida",
        [
            (
                "Es juguen tantes rondes com jugadors hi ha. Cada ronda nova la comença el jugador a l'esquerra del que "
                "va sortir primer a la ronda anterior."
            ),
            (
                "Suma les puntuacions de les rondes de cada jugador. Guanya el total més alt; si hi ha empat, aquests "
                "jugadors comparteixen la victòria."
            ),
        ],
    ),
    Section(
        "Com es juga en aquesta taula",
        [
            (
                "A l'inici d'una ronda, fes clic en una carta de la teva mà per fer-la la teva carta de dolor. Les "
                "altres cartes de dolor es mostren quan tothom ha triat."
            ),
            (
                "Quan et toqui, fes clic en una carta per jugar-la. La llum al voltant d'un seient i la línia de dalt "
                "de la pantalla indiquen a qui li toca."
            ),
            "Si una jugada no està permesa, la carta tremola una mica i la línia d'estat explica per què.",
        ],
    ),
]
