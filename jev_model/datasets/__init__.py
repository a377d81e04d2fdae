"""Datasets: reading rows, the resumable results file, scoring a dataset, metrics and reports."""
