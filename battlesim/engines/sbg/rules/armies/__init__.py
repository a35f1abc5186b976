"""Army rules: the rules of one army or one named Hero that the rulebook does not define,
played from the BattleScribe data's own rule text, each cited by its rule id."""
