"""Silver & Gold Pyramids: its solver floor."""
