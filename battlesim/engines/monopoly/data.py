"""The board, the two decks and every number of Monopoly LOTR Trilogy Edition (seed 001).

Values are the classic title deeds (seed 001:L57 "Toutes les valeurs sont les mêmes que les
titres correspondants à l'édition classique"), laid out as in ``reference/simple-games.md`` §2.
Everything the seed does not settle is listed in ``ASSUMPTIONS`` below, and nowhere else.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

SquareIndex = int
Seat = int

BOARD_SIZE = 40
START_CASH = 1500  # 001:L141
SALARY = 200  # 001:L162, L170
JAIL_FINE = 50  # 001:L224
JAIL_SQUARE = 10
GO_TO_JAIL_SQUARE = 30
JAIL_ATTEMPTS = 3  # 001:L227 "attendre en prison pendant trois tours"
BANK_HOUSES = 32  # 001:L72 "32 Places-fortes"
BANK_HOTELS = 12  # 001:L72 "12 Forteresses"
MORTGAGE_INTEREST_PERCENT = 10  # 001:L259
MOUNT_RENTS = (25, 50, 100, 200)  # classic station deed, by mounts owned
STAFF_MULTIPLIERS = (4, 10)  # 001:L186
DOUBLES_TO_JAIL = 3  # 001:L166
QUICK_DEAL = 2  # 001:L285, L307: two deeds per player
EYE_FACE = 1  # 001:L78: the Eye of Sauron replaces the 1
RING_START = 1  # 001:L82: the Ring starts on Cul-de-Sac
HOUSES_FOR_HOTEL = 4  # 001:L241
HOUSES_FOR_HOTEL_QUICK = 3  # 001:L289


class SquareKind(enum.Enum):
    GO = "go"
    TERRITORY = "territory"
    MOUNT = "mount"
    STAFF = "staff"
    TAX = "tax"
    PEOPLE = "people"
    EVENT = "event"
    JAIL = "jail"
    FREE_PARKING = "free_parking"
    GO_TO_JAIL = "go_to_jail"

    # The identity hash, in C: members are singletons, and Enum's own hash (of the name, in
    # Python) was a tenth of a game's time in the dict lookups of the building plan.
    __hash__ = object.__hash__


class Group(enum.Enum):
    BROWN = "brown"
    LIGHT_BLUE = "light_blue"
    PINK = "pink"
    ORANGE = "orange"
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    DARK_BLUE = "dark_blue"
    MOUNTS = "mounts"
    STAFFS = "staffs"

    # The identity hash, in C: members are singletons, and Enum's own hash (of the name, in
    # Python) was a tenth of a game's time in the dict lookups of the building plan.
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Square:
    """One of the 40 squares; rents are base, 1-4 strongholds, fortress."""

    index: SquareIndex
    name: str
    kind: SquareKind
    group: Group | None = None
    price: int = 0
    rents: tuple[int, ...] = ()
    build_cost: int = 0
    tax: int = 0

    @property
    def mortgage(self) -> int:
        """Half the price: every classic deed's mortgage value."""
        return self.price // 2

    @property
    def is_deed(self) -> bool:
        return self.price > 0


def _t(i: int, name: str, group: Group, price: int, rents: tuple[int, ...], cost: int) -> Square:
    return Square(i, name, SquareKind.TERRITORY, group, price, rents, cost)


def _plain(i: int, name: str, kind: SquareKind, tax: int = 0) -> Square:
    return Square(i, name, kind, tax=tax)


def _deed(i: int, name: str, kind: SquareKind, group: Group, price: int) -> Square:
    return Square(i, name, kind, group, price)


G = Group
K = SquareKind
SQUARES: tuple[Square, ...] = (
    _plain(0, "Départ", K.GO),
    _t(1, "Cul-de-Sac", G.BROWN, 60, (2, 10, 30, 90, 160, 250), 50),
    _plain(2, "Événement", K.EVENT),
    _t(3, "Ferme Maggotte", G.BROWN, 60, (4, 20, 60, 180, 320, 450), 50),
    _plain(4, "Vu par le Palantír", K.TAX, tax=200),
    _deed(5, "Bill le Poney", K.MOUNT, G.MOUNTS, 200),
    _t(6, "Bac de Châteaubouc", G.LIGHT_BLUE, 100, (6, 30, 90, 270, 400, 550), 50),
    _plain(7, "Peuple", K.PEOPLE),
    _t(8, "Bree", G.LIGHT_BLUE, 100, (6, 30, 90, 270, 400, 550), 50),
    _t(9, "Montauvent", G.LIGHT_BLUE, 120, (8, 40, 100, 300, 450, 600), 50),
    _plain(10, "Prison", K.JAIL),
    _t(11, "Gué de la Bruinen", G.PINK, 140, (10, 50, 150, 450, 625, 750), 100),
    _deed(12, "Bâton de Gandalf", K.STAFF, G.STAFFS, 150),
    _t(13, "Fondcombe", G.PINK, 140, (10, 50, 150, 450, 625, 750), 100),
    _t(14, "Col du Caradhras", G.PINK, 160, (12, 60, 180, 500, 700, 900), 100),
    _deed(15, "Asfaloth", K.MOUNT, G.MOUNTS, 200),
    _t(16, "Mines de la Moria", G.ORANGE, 180, (14, 70, 200, 550, 750, 950), 100),
    _plain(17, "Événement", K.EVENT),
    _t(18, "Lothlórien", G.ORANGE, 180, (14, 70, 200, 550, 750, 950), 100),
    _t(19, "Chutes du Rauros", G.ORANGE, 200, (16, 80, 220, 600, 800, 1000), 100),
    _plain(20, "Parc gratuit", K.FREE_PARKING),
    _t(21, "Trouée du Rohan", G.RED, 220, (18, 90, 250, 700, 875, 1050), 150),
    _plain(22, "Peuple", K.PEOPLE),
    _t(23, "Gouffre de Helm", G.RED, 220, (18, 90, 250, 700, 875, 1050), 150),
    _t(24, "Edoras", G.RED, 240, (20, 100, 300, 750, 925, 1100), 150),
    _deed(25, "Brego", K.MOUNT, G.MOUNTS, 200),
    _t(26, "Forêt de Fangorn", G.YELLOW, 260, (22, 110, 330, 800, 975, 1150), 150),
    _t(27, "Ouestfolde", G.YELLOW, 260, (22, 110, 330, 800, 975, 1150), 150),
    _deed(28, "Bâton de Saroumane", K.STAFF, G.STAFFS, 150),
    _t(29, "Isengard", G.YELLOW, 280, (24, 120, 360, 850, 1025, 1200), 150),
    _plain(30, "Allez en prison", K.GO_TO_JAIL),
    _t(31, "Osgiliath", G.GREEN, 300, (26, 130, 390, 900, 1100, 1275), 200),
    _t(32, "Champs du Pelennor", G.GREEN, 300, (26, 130, 390, 900, 1100, 1275), 200),
    _plain(33, "Événement", K.EVENT),
    _t(34, "Minas Tirith", G.GREEN, 320, (28, 150, 450, 1000, 1200, 1400), 200),
    _deed(35, "Gripoil", K.MOUNT, G.MOUNTS, 200),
    _plain(36, "Peuple", K.PEOPLE),
    _t(37, "Barad-dûr", G.DARK_BLUE, 350, (35, 175, 500, 1100, 1300, 1500), 200),
    _plain(38, "Antre d'Arachné", K.TAX, tax=100),
    _t(39, "Montagne du Destin", G.DARK_BLUE, 400, (50, 200, 600, 1400, 1700, 2000), 200),
)
DEEDS: tuple[SquareIndex, ...] = tuple(s.index for s in SQUARES if s.is_deed)
GROUPS: dict[Group, tuple[SquareIndex, ...]] = {
    group: tuple(s.index for s in SQUARES if s.group is group) for group in Group
}
# The Ring's path: every coloured territory in board order (001:L86-88).
RING_PATH: tuple[SquareIndex, ...] = tuple(s.index for s in SQUARES if s.kind is K.TERRITORY)
RING_END = RING_PATH[-1]  # Montagne du Destin (001:L97)


class Deck(enum.Enum):
    PEOPLE = "people"  # Peuple = Chance (001:L62)
    EVENT = "event"  # Événement = Caisse de communauté


class Effect(enum.Enum):
    ADVANCE_TO = "advance_to"  # forward, salary when passing Départ (001:L204)
    BACK_TO = "back_to"  # backward to a square, no salary
    MOVE_BACK = "move_back"  # back N squares
    GO_TO_JAIL = "go_to_jail"
    JAIL_FREE = "jail_free"  # keep or sell (001:L202)
    PAY = "pay"
    RECEIVE = "receive"
    REPAIRS = "repairs"  # per stronghold, per fortress
    BIRTHDAY = "birthday"  # every other player pays the drawer
    PAY_OR_DRAW = "pay_or_draw"  # pay, or draw a Peuple card


@dataclass(frozen=True, slots=True)
class Card:
    deck: Deck
    number: int
    text: str
    effect: Effect
    amount: int = 0
    target: SquareIndex = 0
    per_hotel: int = 0

    @property
    def key(self) -> str:
        return f"{self.deck.value}-{self.number}"


def _p(n: int, text: str, effect: Effect, amount: int = 0, target: int = 0, hot: int = 0) -> Card:
    return Card(Deck.PEOPLE, n, text, effect, amount, target, hot)


def _e(n: int, text: str, effect: Effect, amount: int = 0, target: int = 0) -> Card:
    return Card(Deck.EVENT, n, text, effect, amount, target)


E = Effect
PEOPLE_CARDS: tuple[Card, ...] = (
    _p(1, "Avancez jusqu'à la case Départ", E.ADVANCE_TO, target=0),
    _p(2, "Allez en prison", E.GO_TO_JAIL),
    _p(3, "Rendez-vous à la Montagne du Destin", E.ADVANCE_TO, target=39),
    _p(4, "Avancez jusqu'au Gué de la Bruinen", E.ADVANCE_TO, target=11),
    _p(5, "Rendez-vous à Edoras", E.ADVANCE_TO, target=24),
    _p(6, "Allez à Asfaloth", E.ADVANCE_TO, target=15),
    _p(7, "Reculez de trois cases", E.MOVE_BACK, amount=3),
    _p(8, "Gwaihir vous délivre de la tour d'Orthanc : libéré de prison", E.JAIL_FREE),
    _p(9, "Réparations : 25 par Place-forte, 100 par Forteresse", E.REPAIRS, 25, hot=100),
    _p(
        10, "Réparations de voirie : 40 par Place-forte, 115 par Forteresse", E.REPAIRS, 40, hot=115
    ),
    _p(11, "Amende pour excès de vitesse", E.PAY, 15),
    _p(12, "Nazgûl ailé ! Perdez 150", E.PAY, 150),
    _p(13, "Amende pour ivresse", E.PAY, 20),
    _p(14, "La banque vous verse un dividende", E.RECEIVE, 50),
    _p(15, "Votre immeuble et votre prêt rapportent", E.RECEIVE, 150),
    _p(16, "Vous avez gagné le prix de mots croisés", E.RECEIVE, 100),
)
EVENT_CARDS: tuple[Card, ...] = (
    _e(1, "Placez-vous sur la case Départ", E.ADVANCE_TO, target=0),
    _e(2, "Retournez à Cul-de-Sac", E.BACK_TO, target=1),
    _e(3, "Allez en prison", E.GO_TO_JAIL),
    _e(4, "Faramir change d'avis : libéré de prison", E.JAIL_FREE),
    _e(5, "Payez une amende de 10 ou tirez une carte Peuple", E.PAY_OR_DRAW, 10),
    _e(6, "C'est votre anniversaire : chaque joueur vous donne 10", E.BIRTHDAY, 10),
    _e(7, "Erreur de la banque en votre faveur", E.RECEIVE, 200),
    _e(8, "Payez la note du médecin", E.PAY, 50),
    _e(9, "Vous héritez", E.RECEIVE, 100),
    _e(10, "Deuxième prix de beauté", E.RECEIVE, 10),
    _e(11, "La vente de votre stock vous rapporte", E.RECEIVE, 50),
    _e(12, "Recevez votre revenu annuel", E.RECEIVE, 100),
    _e(13, "Les contributions vous remboursent", E.RECEIVE, 20),
    _e(14, "Intérêt de l'emprunt à 7 %", E.RECEIVE, 25),
    _e(15, "Payez l'hôpital", E.PAY, 100),
    _e(16, "Payez votre police d'assurance", E.PAY, 50),
)
CARDS: dict[Deck, tuple[Card, ...]] = {Deck.PEOPLE: PEOPLE_CARDS, Deck.EVENT: EVENT_CARDS}
DECK_OF_SQUARE: dict[SquareKind, Deck] = {K.PEOPLE: Deck.PEOPLE, K.EVENT: Deck.EVENT}

# Everything below is NOT settled by seed 001; each is a documented, configurable assumption.
ASSUMPTIONS: dict[str, str] = {
    "board": "Square order, the 15 reconstructed French names and the tax names follow "
    "reference/simple-games.md §2.1 (mounts 5/15/25/35, staffs 12/28).",
    "taxes": "Vu par le Palantír costs 200 and Antre d'Arachné 100 (classic French values).",
    "decks": "The 16 Peuple and 16 Événement texts are the classic French Chance and Caisse de "
    "communauté decks with LOTR targets (reference §2.3); only three LOTR texts are known.",
    "back_to_bag_end": "'Retournez à Cul-de-Sac' moves backwards: no salary.",
    "pay_or_draw": "'Payez 10 ou tirez une carte Peuple' is the drawer's choice.",
    "jail_doubles": "Leaving prison on a double moves the token but gives no further roll.",
    "jail_third_fail": "After the third failed attempt the fine is paid, then the token moves "
    "by that roll; no further roll.",
    "mortgage_rounding": "10 % interest is rounded up to a whole Pouvoir point.",
    "mortgage_buildings": "Mortgaging needs no building on that property only (001:L259 "
    "'les bâtiments de cette propriété'), not on the whole group.",
    "mount_count": "Mount rent and the staff multiplier count every owned deed, mortgaged ones "
    "included (001:L190 'nombre de gares détenues').",
    "auction": "Ascending auction in seat order from the lander; a bidder who passes is out; a "
    "bid may not exceed the bidder's cash; nobody bidding leaves the deed with the bank.",
    "building_auction": "The shortage auction (001:L247) sells one building at a time among "
    "players wanting one; it opens at the lowest building cost of the deeds they would use.",
    "bank_bankruptcy": "Deeds seized by the bank lose their buildings (back to stock) and their "
    "mortgage before the auction (001:L267).",
    "quick_houses": "In the quick game a property holds at most 3 strongholds, then a fortress "
    "(001:L289).",
    "fortress_sale": "Selling fortresses outright sells all of the group's fortresses at once "
    "(001:L253); breaking one down into strongholds needs them in stock (001:L245, L255).",
    "ring_path": "'Le territoire suivant qui peut être revendiqué' (001:L86) is the next coloured "
    "territory, owned or not (the Ring may stand on a claimed one, 001:L95).",
    "ring_eye_value": "With the One Ring rules the Eye still counts 1 for movement "
    "(reference §2.2); 001:L78 could also be read as the Eye not counting then.",
    "ring_eyes": "Every two-dice movement roll, prison attempts included, moves the Ring once per "
    "Eye; the game ends before the token moves.",
    "ring_double_rent": "Double rent on the Ring's square doubles the rent as otherwise due "
    "(monopoly doubling included); nothing is due on a mortgaged territory.",
    "round_limit": "Classic games stop after a round limit (default 500) and are then valued "
    "like a time-limited game (001:L305-307); the time limit is a number of rounds.",
    "partial_payment_in_deeds": "Paying part of a debt in deeds (001:L271) applies to any "
    "debt owed to a player, not to the bank; it is offered once the debtor has raised all the "
    "cash it would; the deeds' groups must have no building (001:L251); the agreed value must "
    "cover the shortfall and may not exceed the debt (no change, 001:L277); the debtor then "
    "pays the rest of the debt in cash.",
    "between_turns": "Building, selling, mortgaging and lifting between the other players' "
    "turns (001:L235) happen once after each turn, in playing order from the next player; "
    "trades are proposed only in one's own turn.",
}
