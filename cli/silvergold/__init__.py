"""Silver & Gold Pyramids: its cli floor."""
