"""The full-screen games' game-free parts (the questions and prompts every screen asks)."""
