"""Open questions: typed System One questions (noul, choice) about texts people wrote,
read raw, with the training-free corrections, and by peers; see ``run.py``."""
