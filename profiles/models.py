"""The profiles catalogue: army lists (factions) and unit profiles, versioned by release.

A profile is composed as the rulebook's "Composition d'un profil" (002:L120-L200): name,
points, keywords, heroic tier, wargear, characteristics, options with costs, heroic actions,
special rules and magical powers. Every row belongs to one ``DataRelease``; a new import of
a newer revision creates a new release beside the old one, so an army list that points at
the old rows keeps its costs until its owner moves it to the new release.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from profiles.stat_values import LABELS, STAT_FIELDS, StatKind, stat_text


class DataRelease(models.Model):
    """One imported revision of one data source (the starter data or a BattleScribe set)."""

    class Source(models.TextChoices):
        STARTER = "starter", _("Starter data")
        BATTLESCRIBE = "battlescribe", _("BattleScribe")

    source = models.CharField(max_length=20, choices=Source.choices)
    key = models.SlugField(max_length=120, unique=True)
    name = models.CharField(max_length=200)
    game_system_id = models.CharField(max_length=64, blank=True)
    revision = models.PositiveIntegerField(default=0)
    content_hash = models.CharField(max_length=64, blank=True)
    imported_at = models.DateTimeField(auto_now_add=True)
    is_current = models.BooleanField(default=True)

    class Meta:
        ordering = ["source", "-revision"]

    def __str__(self) -> str:
        return f"{self.name} (r{self.revision})"


class Side(models.TextChoices):
    GOOD = "good", _("Good")
    EVIL = "evil", _("Evil")


class Faction(models.Model):
    """An army list of the catalogue (a BattleScribe catalogue, e.g. "Minas Tirith")."""

    release = models.ForeignKey(DataRelease, on_delete=models.CASCADE, related_name="factions")
    source_id = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200)
    side = models.CharField(max_length=8, choices=Side.choices)
    revision = models.PositiveIntegerField(default=0)
    description = models.TextField(blank=True)
    army_bonus = models.JSONField(
        default=list, blank=True, help_text='The army bonus rules: [{"name", "text"}].'
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "source_id"], name="faction_unique_source"),
            models.UniqueConstraint(fields=["release", "slug"], name="faction_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        """The name with its data source: "Minas Tirith (BattleScribe r113)"."""
        release = self.release
        return f"{self.name} ({release.get_source_display()} r{release.revision})"


class Legion(models.Model):
    """A Legendary Legion of an army list: a themed list with its own special rules and
    restrictions. In a roster it is a selection of its force, so the data's own conditions
    unlock its models and options and apply its limits."""

    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="legions")
    source_id = models.CharField(max_length=64)
    link_id = models.CharField(max_length=64, blank=True)
    name = models.CharField(max_length=200)
    rules = models.JSONField(default=list, help_text='Its rules: [{"name", "text"}].')
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["faction", "source_id"], name="legion_once"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.faction.name})"


class SpecialRule(models.Model):
    """A special rule's text; profiles link to it (002 "Règles spéciales")."""

    class Kind(models.TextChoices):
        ACTIVE = "active", _("Active")
        PASSIVE = "passive", _("Passive")
        UNSPECIFIED = "unspecified", _("Unspecified")

    release = models.ForeignKey(DataRelease, on_delete=models.CASCADE, related_name="rules")
    name = models.CharField(max_length=300)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.UNSPECIFIED)
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "name"], name="rule_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class MagicalPower(models.Model):
    """A magical power's definition; its range and casting value belong to each caster."""

    release = models.ForeignKey(DataRelease, on_delete=models.CASCADE, related_name="powers")
    name = models.CharField(max_length=200)
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "name"], name="power_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class HeroicTier(models.TextChoices):
    LEGEND = "legend", _("Hero of Legend")
    VALOUR = "valour", _("Hero of Valour")
    FORTITUDE = "fortitude", _("Hero of Fortitude")
    MINOR = "minor", _("Minor Hero")
    INDEPENDENT = "independent", _("Independent Hero")


class Profile(models.Model):
    """A unit profile as the rulebook composes it, with its cost in one army list."""

    class Kind(models.TextChoices):
        HERO = "hero", _("Hero")
        WARRIOR = "warrior", _("Warrior")

    release = models.ForeignKey(DataRelease, on_delete=models.CASCADE, related_name="profiles")
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="profiles")
    source_id = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    heroic_tier = models.CharField(max_length=12, choices=HeroicTier.choices, blank=True)
    points = models.PositiveIntegerField()
    unique = models.BooleanField(default=False, help_text="A named model: at most one a list.")
    keywords = models.JSONField(default=list)
    wargear = models.JSONField(default=list)
    heroic_actions = models.JSONField(default=list)
    # A characteristic printed "*", "-", "?" or left blank is None; its kind is in
    # ``characteristic_notes`` (profiles.stat_values).
    move = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Inches.")
    fight = models.PositiveSmallIntegerField(null=True, blank=True)
    shoot = models.PositiveSmallIntegerField(null=True, blank=True, help_text="3 means 3+.")
    strength = models.PositiveSmallIntegerField(null=True, blank=True)
    defence = models.PositiveSmallIntegerField(null=True, blank=True)
    attacks = models.PositiveSmallIntegerField(null=True, blank=True)
    wounds = models.PositiveSmallIntegerField(null=True, blank=True)
    courage = models.PositiveSmallIntegerField(null=True, blank=True)
    might = models.PositiveSmallIntegerField(null=True, blank=True)
    will = models.PositiveSmallIntegerField(null=True, blank=True)
    fate = models.PositiveSmallIntegerField(null=True, blank=True)
    characteristic_notes = models.JSONField(
        default=dict,
        blank=True,
        help_text='Field -> "variable" (*), "none" (-) or "see_rule" (? or blank).',
    )
    conditional = models.BooleanField(
        default=False,
        help_text="Hidden in a plain list: offered only in a Legendary Legion, an alliance or "
        "when another selection unlocks it.",
    )
    models_per_unit = models.PositiveSmallIntegerField(
        default=1, help_text="Models one entry buys (2 for a drum carried by two Goblins)."
    )
    siege_engine = models.JSONField(
        default=dict,
        blank=True,
        help_text="The Siege Engine this veteran or Engineer Captain is bought with: name, "
        "strength, defence, wounds, rules, upgrades (empty: none).",
    )
    form = models.JSONField(
        default=dict,
        blank=True,
        help_text="The other form a Skin-changer takes (Beorn's bear): name, rule, "
        "characteristics, keywords, heroic_actions, rules (empty: none).",
    )
    source_reference = models.CharField(max_length=200, blank=True, help_text="Book and page.")
    rules = models.ManyToManyField(SpecialRule, through="ProfileRule", related_name="profiles")

    class Meta:
        ordering = ["faction__name", "kind", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["faction", "source_id"], name="profile_unique_source_in_faction"
            ),
            models.UniqueConstraint(fields=["faction", "slug"], name="profile_unique_slug"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.points} pts)"

    @property
    def is_hero(self) -> bool:
        return self.kind == self.Kind.HERO

    @property
    def fight_shoot(self) -> str:
        """Return the rulebook's combined value, e.g. ``5/3+``, ``3/-`` or ``?/?``."""
        notes = self.characteristic_notes or {}
        fight = stat_text(self.fight, notes.get("fight"))
        return f"{fight}/{stat_text(self.shoot, notes.get('shoot'), '+')}"

    def stat(self, field: str) -> str:
        """Return one characteristic as a card shows it: ``6``, ``*``, ``-`` or ``?``."""
        return stat_text(getattr(self, field), (self.characteristic_notes or {}).get(field))

    @property
    def stat_texts(self) -> dict[str, str]:
        """Every characteristic as shown, and ``fight_shoot``, for templates."""
        return {
            **{field: self.stat(field) for field in STAT_FIELDS},
            "fight_shoot": self.fight_shoot,
        }

    @property
    def special_characteristics(self) -> list[tuple[str, str]]:
        """(field, plain-words meaning) of each characteristic that is not a number."""
        notes = self.characteristic_notes or {}
        return [(field, LABELS[StatKind(kind)]) for field, kind in notes.items()]


class ProfileRule(models.Model):
    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="profile_rules")
    rule = models.ForeignKey(SpecialRule, on_delete=models.CASCADE)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["profile", "rule"], name="profile_rule_once"),
        ]

    def __str__(self) -> str:
        return f"{self.profile_id}: {self.rule_id}"


class ProfileOption(models.Model):
    """An option a profile may take, with its cost per model (e.g. "Shield", 5 points)."""

    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="options")
    source_id = models.CharField(max_length=64, blank=True)
    name = models.CharField(max_length=200)
    points = models.IntegerField(default=0)
    max_count = models.PositiveSmallIntegerField(default=1)
    group = models.CharField(max_length=200, blank=True)
    group_max = models.PositiveSmallIntegerField(
        default=0,
        help_text="At most this many options of its group per model (the data's own group "
        "constraint; 1: alternatives such as a weapon swap); 0: no limit.",
    )
    order = models.PositiveSmallIntegerField(default=0)
    conditional = models.BooleanField(
        default=False,
        help_text="Hidden in a plain list: legal only when the data's conditions hold (a "
        "Legendary Legion, another selection).",
    )
    effects = models.JSONField(
        default=dict,
        blank=True,
        help_text="What the data says the option does (profiles/importers/bs_option_effects): "
        'changes [[field, "add"|"set", value]], mount {card}, described (empty: none).',
    )

    class Meta:
        ordering = ["order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["profile", "name"], name="option_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (+{self.points})"


class ProfilePower(models.Model):
    """A caster's own range and casting value for one magical power."""

    profile = models.ForeignKey(Profile, on_delete=models.CASCADE, related_name="profile_powers")
    power = models.ForeignKey(MagicalPower, on_delete=models.CASCADE)
    range_inches = models.PositiveSmallIntegerField(null=True, blank=True)
    casting_value = models.PositiveSmallIntegerField(help_text="4 means 4+.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["profile", "power"], name="profile_power_once"),
        ]

    def __str__(self) -> str:
        return f'{self.power_id} {self.casting_value}+ ({self.range_inches}")'


class DataReleaseFile(models.Model):
    """A source file of a release, kept (gzip) so features that need the original data,
    such as BattleScribe roster export, work wherever the site runs."""

    release = models.ForeignKey(DataRelease, on_delete=models.CASCADE, related_name="files")
    name = models.CharField(max_length=255)
    content_gz = models.BinaryField()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "name"], name="release_file_once"),
        ]

    def __str__(self) -> str:
        return f"{self.release.key}/{self.name}"
