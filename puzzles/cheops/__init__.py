"""Cheops on the middle floor: the arena, the bots' registry, the trainer and real games."""
