"""Fitting on labelled data: trained readouts (train), temperature scaling (calibrate, temperature) and keeping training apart from the test items (dedupe)."""
