"""Checks an operator runs before (and the bot summarises at) start: `python3 bot.py doctor`.

Other packages use the names below: the doctor run, the one-line start-up summary, and the
token check `bot.py` makes before it logs in.
"""

from utils.doctor.llm_checks import startup_summary
from utils.doctor.run import run_doctor
from utils.doctor.token_shape import token_problem

__all__ = ["run_doctor", "startup_summary", "token_problem"]
