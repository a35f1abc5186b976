"""BattleScribe rosters (.ros XML and .rosz zip) written from and read into army lists.

``catalogue`` finds where profiles sit in the community data (pure), ``writer`` builds the
roster XML, ``reader`` parses an uploaded roster (pure), ``importer`` rebuilds a list from it.
"""
