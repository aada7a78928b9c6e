"""Understanding a turn: language, emotions, facts, explicit "remember this"."""
