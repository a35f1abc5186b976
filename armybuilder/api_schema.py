"""The army-list API's answers as serializers, so that the OpenAPI schema documents what the
views send (``armybuilder.presenters`` builds it; Schemathesis in the suite checks that every
answer matches). A characteristic is a number, or a symbol ("-", "*", "?") where the data
prints one, hence the free JSON fields."""

from __future__ import annotations

from rest_framework import serializers


class _Open(serializers.JSONField):
    """A number, text or null: a characteristic as the data prints it."""


class ProfileRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    kind = serializers.CharField()
    heroic_tier = serializers.CharField(allow_blank=True, allow_null=True)


class ChosenOptionOut(serializers.Serializer):
    option_id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    count = serializers.IntegerField()


class CardOut(serializers.Serializer):
    move = _Open()
    shoot = _Open()
    strength = _Open()
    defence = _Open()
    attacks = _Open()
    wounds = _Open()
    courage = _Open()
    might = _Open()
    will = _Open()
    fate = _Open()
    fight_shoot = serializers.CharField(help_text='Fight/Shoot as printed, e.g. "4/4+".')
    keywords = serializers.ListField(child=serializers.CharField())
    wargear = serializers.ListField(child=serializers.CharField())
    mount = serializers.CharField(allow_blank=True)
    mount_defence = serializers.IntegerField(allow_null=True)
    special_characteristics = serializers.DictField(child=serializers.CharField())
    notes = serializers.ListField(child=serializers.CharField())


class RuleTextOut(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)


class PowerOut(serializers.Serializer):
    name = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    range = serializers.IntegerField(allow_null=True, help_text="Range in inches.")
    cast = serializers.IntegerField(allow_null=True, help_text="Casting value (n+).")


class EntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.CharField()
    count = serializers.IntegerField()
    profile = ProfileRefOut()
    options = ChosenOptionOut(many=True)
    points = serializers.IntegerField(help_text="The entry's points, options included.")
    card = CardOut(help_text="The stat card after the entry's options.")
    rules = RuleTextOut(many=True)
    powers = PowerOut(many=True)
    wargear_rules = serializers.DictField(
        child=serializers.CharField(), help_text="Rule text of the data named like wargear."
    )
    heroic_actions = serializers.ListField(child=serializers.CharField())


class WarbandOut(serializers.Serializer):
    id = serializers.IntegerField()
    is_army_leader = serializers.BooleanField()
    entries = EntryOut(many=True)


class FactionRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    side = serializers.CharField()


class LegionRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class LegionOut(LegionRefOut):
    rules = serializers.JSONField(help_text="The legion's rules as the data gives them.")


class ContingentOut(serializers.Serializer):
    id = serializers.IntegerField()
    faction = FactionRefOut()
    army_bonus = serializers.JSONField(help_text="The faction's army bonus rules.")
    legion = LegionOut(allow_null=True)
    legions = LegionRefOut(many=True, help_text="The legions the faction may be built as.")
    warbands = WarbandOut(many=True)


class WarbandFiguresOut(serializers.Serializer):
    ref = serializers.CharField()
    points = serializers.IntegerField()
    followers = serializers.IntegerField()
    capacity = serializers.IntegerField(allow_null=True)


class ContingentFiguresOut(serializers.Serializer):
    ref = serializers.CharField()
    points = serializers.IntegerField()
    models = serializers.IntegerField()
    warriors = serializers.IntegerField()
    bows = serializers.IntegerField()
    bow_limit = serializers.IntegerField()
    break_point = serializers.FloatField()
    army_bonus = serializers.CharField(allow_blank=True)
    legion = serializers.CharField(allow_blank=True)


class FiguresOut(serializers.Serializer):
    points = serializers.IntegerField()
    points_limit = serializers.IntegerField()
    models = serializers.IntegerField()
    break_point = serializers.FloatField()
    quarter_point = serializers.FloatField()
    might = serializers.IntegerField()
    warbands = WarbandFiguresOut(many=True)
    contingents = ContingentFiguresOut(many=True)
    alliance = serializers.CharField()
    army_bonus_kept = serializers.BooleanField()
    separate_break_points = serializers.BooleanField()
    heroic_actions_within_contingent = serializers.BooleanField()
    stand_fast_within_contingent = serializers.BooleanField()


class BreachOut(serializers.Serializer):
    rule_id = serializers.CharField()
    message = serializers.CharField()
    ref = serializers.CharField(allow_blank=True, help_text="The list part it concerns.")
    source = serializers.CharField()
    section = serializers.CharField(
        allow_blank=True, help_text="The rulebook section, in the reader's language."
    )


class SimulationBreadthOut(serializers.Serializer):
    ignored = serializers.ListField(
        child=serializers.CharField(), help_text="Names the battle simulator does not play."
    )


class ListChecksOut(serializers.Serializer):
    figures = FiguresOut()
    alliance = serializers.CharField()
    breaches = BreachOut(many=True)


class ArmyListOut(ListChecksOut):
    id = serializers.IntegerField()
    name = serializers.CharField()
    points_limit = serializers.IntegerField()
    notes = serializers.CharField(allow_blank=True)
    share_token = serializers.UUIDField(allow_null=True)
    updated_at = serializers.DateTimeField()
    contingents = ContingentOut(many=True)
    simulation = SimulationBreadthOut()
    undo = serializers.CharField(allow_null=True, help_text="The change undo would take back.")


class ArmyListUndoneOut(ArmyListOut):
    undone = serializers.CharField(help_text="The change just taken back.")


class GameOut(serializers.Serializer):
    id = serializers.IntegerField()
    list = serializers.IntegerField()
    roster = serializers.JSONField()
    sheet = serializers.JSONField()
    revision = serializers.IntegerField()
    result = serializers.CharField(allow_null=True)
    opponent = serializers.CharField(allow_blank=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class RecordOut(serializers.Serializer):
    won = serializers.IntegerField()
    drew = serializers.IntegerField()
    lost = serializers.IntegerField()


class SimulatedRecordOut(serializers.Serializer):
    battles = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)


class GameRecordOut(serializers.Serializer):
    record = RecordOut()
    win_rate = serializers.FloatField(allow_null=True)
    simulated = SimulatedRecordOut()
    games = GameOut(many=True)
