"""Catalan Rules screens (català), translated from en.py and faithful to shared/rules/*.md.

Grinch terms follow the Catalan seed: Corones, Soroll, Ornaments, Regals,
Arc de Sant Martí, bloc de puntuació, fitxa del Grinch, fitxes de cor, pila
de descart and the Whos; the seed's machine slips are put right (pila de
robar, not "pila de roba"; Iguals and Escala for the Match and Run rows).
Sticheln and Avalanche have no Catalan seed: basa, color de sortida, color
de dolor; allau, nevada, créixer / aturar-se / caure, pila neutral.
"""

from __future__ import annotations

from game.app.words.rules_texts import Cards, Section

TITLES: dict[str, str] = {
    "sticheln": "Sticheln",
    "avalanche": "Allau",
    "grinch": "Grinch: Grow Your Heart",
}

TAGLINES: dict[str, str] = {
    "sticheln": "Guanya basses, però cada carta del color de dolor que has triat et resta.",
    "avalanche": "Fes créixer l'allau amb grups més grans i emporta-te-la quan caigui després de tu.",
    "grinch": "Fes la millor mà de cinc cartes mentre el Grinch saqueja els teus descarts.",
}

STICHELN: list[Section] = [
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

AVALANCHE: list[Section] = [
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

GRINCH: list[Section] = [
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

RULES: dict[str, list[Section]] = {
    "sticheln": STICHELN,
    "avalanche": AVALANCHE,
    "grinch": GRINCH,
}
