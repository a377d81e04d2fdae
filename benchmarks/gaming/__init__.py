"""The judge-gaming suite: wrong answers that try to talk the judge into a pass (issue 27)."""
