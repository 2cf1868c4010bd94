"""Grinch's Rules screen in Catalan.

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

TITLE = "Grinch: Grow Your Heart"

TAGLINE = "Fes la millor mà de cinc cartes mentre el Grinch saqueja els teus descarts."

RULES: list[Section] = [
    Section(
        "Què cal",
        [
            (
                "De 2 a 6 jugadors i 48 cartes de quatre pals: Corones, Soroll, Ornaments i Regals. Cada pal té dues "
                "còpies de cada valor de l'1 al 6."
            ),
            (
                "Algunes cartes porten una insígnia de bonificació a la part de baix. La fitxa del Grinch, amb un cor "
                "que mostra el 3, i dues fitxes de cor (el 4 i el 5) serveixen per comptar els torns."
            ),
            Cards(
                ("W1a", "N3a", "O5b", "P6b"), "Una carta de cada pal: una corona, una carraca, un ornament i un regal."
            ),
        ],
    ),
    Section(
        "L'objectiu",
        [
            (
                "A cada ronda fas una mà de cinc cartes i n'apuntes la puntuació en una fila del bloc de puntuació. Qui "
                "té més punts quan s'acaba l'última ronda guanya la partida, i un empat als punts més alts és una "
                "victòria compartida."
            ),
        ],
    ),
    Section(
        "Les rondes i el Grinch",
        [
            (
                "El nombre de rondes depèn dels jugadors: 6 rondes amb 2 o 3 jugadors, 4 amb 4 jugadors, 5 amb 5 "
                "jugadors i 6 amb 6 jugadors."
            ),
            (
                "A cada ronda un jugador és el Grinch i tots els altres són Whos. El jugador inicial és el primer "
                "Grinch; després de cada ronda, el paper passa un seient a l'esquerra."
            ),
        ],
    ),
    Section(
        "Preparació d'una ronda",
        [
            (
                "Barreja tota la baralla i dona 2 cartes a cadascú. Les cartes que queden, cap per avall, formen la "
                "pila de robar. Cada jugador també té una pila de descart personal, que comença buida a cada ronda."
            ),
            "La fitxa del Grinch comença la ronda mostrant el cor amb el 3.",
        ],
    ),
    Section(
        "Un torn",
        [
            "Una ronda té tres torns. A cada torn juguen primer els Whos i després el Grinch.",
            (
                "• Cada Who agafa dues cartes noves de la pila de robar i després posa una carta de la seva mà a la "
                "seva pila de descart personal. Els Whos trien en secret; els seus descarts es mostren alhora quan "
                "l'últim Who ha triat."
            ),
            (
                "• Després el Grinch agafa dues cartes, una darrere l'altra. Per a cadascuna pot triar la pila de robar "
                "o la carta de dalt de qualsevol pila de descart, també la seva. Pot agafar dues vegades de la mateixa "
                "pila: la segona carta és la que hi havia a sota. Finalment el Grinch posa una carta cap per amunt a la "
                "seva pròpia pila de descart."
            ),
            (
                "Després del primer torn tothom té 3 cartes i el cor del 4 es posa a la fitxa; després del segon torn, "
                "4 cartes i el cor del 5; després del tercer torn, 5 cartes. Llavors es puntua la ronda."
            ),
        ],
    ),
    Section(
        "El bloc de puntuació",
        [
            (
                "El bloc té set files, i cada fila només es pot omplir una vegada per partida. Quan s'acaba una ronda, "
                "cadascú tria una fila encara buida i hi apunta el valor de la seva mà de cinc cartes:"
            ),
            "• Corones, Soroll, Ornaments o Regals: suma els valors de les teves cartes d'aquell pal.",
            "• Arc de Sant Martí: agafa la teva carta més alta de cada pal i suma-les (un pal que no tens suma 0).",
            (
                "• Iguals (a les regles impreses, 'Match'): el teu grup més gran de valors iguals. Tres iguals fan 10, quatre fan 20, cinc fan 30; "
                "menys, fan 0."
            ),
            (
                "• Escala (a les regles impreses, 'Cosa'): la teva cadena més llarga de valors seguits, de qualsevol pal. Quatre seguits fan 15, cinc "
                "fan 25; menys, fan 0. Després del 6 no es torna a l'1."
            ),
            (
                "Pots triar una fila que faci 0. Una partida no té mai més de sis rondes, així que sempre hi ha una "
                "fila lliure."
            ),
        ],
    ),
    Section(
        "Cartes de bonificació",
        [
            (
                "Dotze cartes tenen una insígnia de bonificació. Una insígnia de +5 dona 5 punts quan la teva mà final "
                "conté alguna carta del pal dibuixat. Una insígnia de +10 dona 10 punts quan la teva mà final té tres o "
                "més cartes del pal dibuixat. Una insígnia sempre demana un pal diferent del de la seva carta."
            ),
            (
                "Cada insígnia es comprova per separat, així que una carta pot ajudar diverses insígnies. Les "
                "bonificacions compten triïs la fila que triïs."
            ),
            (
                "• El primer 1 de cada pal: +5 amb el pal següent (Corones necessita Soroll, Soroll necessita "
                "Ornaments, Ornaments necessita Regals, Regals necessita Corones)."
            ),
            "• El segon 1 de cada pal: +5 amb el pal anterior (Corones necessita Regals, i així successivament).",
            "• El primer 2 de cada pal: +10 amb tres cartes del pal oposat (Corones i Ornaments, Soroll i Regals).",
            Cards(
                ("W1a", "W1b", "W2a"),
                "Els 1 i el 2 de Corones amb insígnia: +5 amb Soroll, +5 amb Regals, +10 amb 3 Ornaments.",
            ),
        ],
    ),
    Section(
        "Un exemple de puntuació",
        [
            Cards(
                ("W1a", "N4a", "N5b", "O5a", "P5b"),
                "Una mà acabada. La insígnia de l'1 de Corones vol una carta de Soroll, i n'hi ha dues.",
            ),
            (
                "La bonificació es compleix, així que qualsevol fila rep +5. Soroll faria 4 + 5 = 9, més 5 fan 14. "
                "Iguals (tres 5) fa 10 + 5 = 15. L'Arc de Sant Martí fa 1 + 5 + 5 + 5 = 16, més 5 fan 21: la millor "
                "opció, si l'Arc de Sant Martí encara és lliure."
            ),
        ],
    ),
    Section(
        "Com es juga en aquesta taula",
        [
            "Com a Who, les dues cartes noves t'arriben soles: fes clic en una carta de la teva mà per descartar-la.",
            (
                "Com a Grinch, fes clic a la pila de robar o a la carta de dalt de qualsevol pila de descart per agafar "
                "una carta, dues vegades, i després fes clic en una carta de la teva mà per descartar-la."
            ),
            "Quan s'acaba la ronda, fes clic en una fila lliure del bloc de puntuació per apuntar-hi la teva mà.",
            "Si una jugada no està permesa, la carta tremola una mica i la línia d'estat explica per què.",
        ],
    ),
]
