"""Checks an operator runs before (and the bot summarises at) start: `python3 bot.py doctor`."""

from utils.doctor.llm_checks import startup_summary
from utils.doctor.run import run_doctor

__all__ = ["run_doctor", "startup_summary"]
