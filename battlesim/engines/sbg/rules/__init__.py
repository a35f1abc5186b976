"""The rules layer: the game's mechanics, each a small module; imports only the core."""
