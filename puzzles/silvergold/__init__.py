"""Silver & Gold Pyramids: its puzzles floor."""
