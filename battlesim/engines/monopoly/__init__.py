"""Monopoly, The Lord of the Rings Trilogy Edition (seed 001): a pure-Python engine.

``game.play_game`` is the registry entry point; ``data`` holds the board, the decks and every
assumption; ``movement`` the dice and the turn; ``rules`` the economy and the One Ring hooks;
``state`` the table; ``players`` the strategies.
"""
