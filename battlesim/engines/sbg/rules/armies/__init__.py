"""Army-specific rules of the BattleScribe data (rules the rulebook does not define), one
small module per family or faction, each rule cited by its BattleScribe rule id."""
