"""Fitting on labelled data, the one library for readouts: trained readouts (train), the
hidden-state store every trainer and benchmark reads (hidden), depth selection and the
held-out gate (depth), temperature scaling (calibrate, temperature) and keeping training
apart from the test items (dedupe)."""
