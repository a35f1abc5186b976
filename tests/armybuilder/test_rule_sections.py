"""Every breach names the rulebook section it comes from, in the reader's language (issue 26)."""

from __future__ import annotations

from django.utils import translation

from armybuilder.rule_sections import SECTIONS, section_of
from armybuilder.validation import DATA_RULE_IDS, RULE_IDS


def test_every_rule_id_a_breach_can_carry_has_a_section() -> None:
    assert set(SECTIONS) == set(RULE_IDS) | set(DATA_RULE_IDS)


def test_sections_read_as_the_french_rulebook_titles_them() -> None:
    with translation.override("fr"):
        assert section_of("CONTINGENT-BOWS") == "Limite d'Arcs"  # 002:L2148
        assert section_of("WARBAND-CAPACITY") == "Troupes"  # 002:L137
        assert section_of("ENTRY-MOUNT") == "La Cavalerie"  # 002:L1260
    with translation.override("en"):
        assert section_of("CONTINGENT-BOWS") == "Bow limit"
    assert section_of("NO-SUCH-RULE") == ""
