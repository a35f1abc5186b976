"""The five phases of an SBG turn (TURN-01, 002:L325-335), one module each."""
