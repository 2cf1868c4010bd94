"""The art layer renders every card of every game headlessly, at small and 4K sizes, and caches."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.app.look import fonts, palette
from game.app.look.art import Art, card_size, contact_sheet
from game.app.look.assets import ROOT, AssetError, find_asset
from game.games.grinch import art as grinch_art
from game.rules import avalanche, grinch, registry, sticheln
from game.rules.spec import GameSpec

GAMES = registry.BUILT_IN
DECKS = {"sticheln": sticheln.CARDS, "avalanche": avalanche.CARDS, "grinch": grinch.CARDS}


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield Art()


def test_card_size_ratio():
    assert card_size(100) == (100, 140)
    assert card_size(48) == (48, 67)
    assert Art.card_size(150) == (150, 210)


@pytest.mark.parametrize("width", [48, 150])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_face_renders(art, game_id, width):
    for card in DECKS[game_id]:
        surf = art.face(game_id, card, width)
        assert surf.get_size() == card_size(width), card
        # transparent outside the rounded corner, opaque in the middle
        assert surf.get_at((0, 0)).a < 128
        assert surf.get_at((width // 2, surf.get_height() // 2)).a == 255


def test_faces_differ(art):
    a = pygame.image.tobytes(art.face("sticheln", sticheln.Card("red", 3), 80), "RGBA")
    b = pygame.image.tobytes(art.face("sticheln", sticheln.Card("blue", 3), 80), "RGBA")
    c = pygame.image.tobytes(art.face("grinch", grinch.Card("W", 1, "a"), 80), "RGBA")
    d = pygame.image.tobytes(art.face("grinch", grinch.Card("W", 1, "b"), 80), "RGBA")
    assert a != b
    assert c != d  # different bonus badges


def test_cache_returns_same_object(art):
    card = avalanche.Card(12, "H")
    assert art.face("avalanche", card, 120) is art.face("avalanche", card, 120)
    assert art.back("grinch", 120) is art.back("grinch", 120)
    assert art.symbol("sticheln", "green", 32) is art.symbol("sticheln", "green", 32)
    assert grinch_art.heart_tile(art, 90, 4) is grinch_art.heart_tile(art, 90, 4)
    assert art.felt((320, 200)) is art.felt((320, 200))


def test_backs_slot_and_symbols(art):
    backs = set()
    for game_id in GAMES:
        surf = art.back(game_id, 100)
        assert surf.get_size() == (100, 140)
        backs.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(backs) == 3
    assert art.slot(100).get_size() == (100, 140)
    for colour in palette.STICHELN_COLOURS:
        assert art.symbol("sticheln", colour, 40).get_size() == (40, 40)
    for suit in "SHDC":
        assert art.symbol("avalanche", suit, 40).get_size() == (40, 40)
    for suit in grinch.SUITS:
        assert art.symbol("grinch", suit, 40).get_size() == (40, 40)
    with pytest.raises(ValueError):
        art.symbol("grinch", "X", 40)
    with pytest.raises(ValueError):
        art.face("poker", sticheln.CARDS[0], 50)


def test_heart_tiles_and_tokens(art):
    tiles = [grinch_art.heart_tile(art, 120, h) for h in (3, 4, 5)]
    assert all(t.get_size() == (120, 120) for t in tiles)
    assert len({pygame.image.tobytes(t, "RGBA") for t in tiles}) == 3
    for value in (4, 5):
        assert grinch_art.heart_token(art, value, 60).get_size() == (60, 60)
        assert pygame.Rect(0, 0, 120, 120).contains(grinch_art.heart_token_rect(120, value))
    with pytest.raises(ValueError):
        grinch_art.heart_tile(art, 120, 6)


def test_each_games_pictures_live_in_its_own_folder():
    for game_id in GAMES:
        part = registry.get(game_id).module("art")
        for name in (part.BACK, *part.SYMBOLS.values()):
            assert name.startswith(f"{game_id}/"), name
            assert (ROOT / "sprites" / name).is_file(), name
    assert not list((ROOT / "sprites").glob("back_*.svg"))  # the old flat names are gone


@pytest.fixture
def plain_game(tmp_path, monkeypatch):
    """A registered game with rules but no art part of its own."""
    (tmp_path / "plaingame").mkdir()
    (tmp_path / "plaingame" / "__init__.py").write_text("")
    (tmp_path / "plaingame" / "rules.py").write_text("CARDS = ('A1', 'B2', 'C3')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.register(
        GameSpec(
            id="plain",
            package="plaingame",
            name="Plain",
            code_prefix="PL",
            hard_iterations=10,
            rollout_scale=1.0,
            review_thresholds=(1.0, 2.0),
        )
    )
    yield "plain"
    registry.unregister("plain")


def test_a_game_without_art_draws_plain_cards(art, plain_game):
    blank = pygame.image.tobytes(art.face(plain_game, "", 80), "RGBA")
    face = art.face(plain_game, "B2", 80)
    assert face.get_size() == card_size(80)
    assert face.get_at((40, 56)).a == 255 and pygame.image.tobytes(face, "RGBA") != blank  # its text is drawn
    assert art.back(plain_game, 80).get_size() == card_size(80)
    with pytest.raises(ValueError):
        art.symbol(plain_game, "B", 40)
    assert contact_sheet(Art(), 40).get_width() > 0  # the sheet carries it too


def test_felt_is_opaque_and_sized(art):
    surf = art.felt((400, 240))
    assert surf.get_size() == (400, 240)
    assert not surf.get_flags() & pygame.SRCALPHA
    centre, corner = surf.get_at((200, 110)), surf.get_at((0, 0))
    assert sum(centre[:3]) > sum(corner[:3])  # vignette: darker at the edges


def test_old_widths_are_forgotten(art):
    card = sticheln.Card("grey", 7)
    first = art.face("sticheln", card, 61)
    for w in range(62, 90):
        art.face("sticheln", card, w)
    assert art.face("sticheln", card, 61) is not first


def test_find_asset_missing_names_paths():
    assert find_asset("sprites", "card_face.svg").is_file()
    with pytest.raises(AssetError) as err:
        find_asset("sprites", "no_such_file.svg")
    assert isinstance(err.value, FileNotFoundError)
    assert "no_such_file.svg" in str(err.value)
    assert "sprites" in str(err.value)


def test_find_asset_looks_in_meipass(tmp_path, monkeypatch):
    (tmp_path / "sprites").mkdir()
    (tmp_path / "sprites" / "only_frozen.svg").write_text("<svg/>")
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert find_asset("sprites", "only_frozen.svg") == tmp_path / "sprites" / "only_frozen.svg"
    with pytest.raises(AssetError) as err:
        find_asset("sprites", "nowhere.svg")
    assert str(tmp_path) in str(err.value)


def test_fonts_load_and_text_is_cached(art):
    assert find_asset("sprites", "fonts", "NotoSans-Regular.ttf").is_file()
    assert find_asset("sprites", "fonts", "NotoSans-Bold.ttf").is_file()
    assert find_asset("sprites", "fonts", "OFL.txt").is_file()
    f = fonts.font(24)
    assert f is fonts.font(24)
    assert fonts.font(24, bold=True) is not f
    assert f.size("Fireside")[0] > 0
    a = fonts.text("Mina to play", 18, (255, 255, 255))
    assert a is fonts.text("Mina to play", 18, pygame.Color(255, 255, 255))
    assert a.get_width() > 0
