"""The synthetic life that ``soulmem simulate`` lives: per-language scripts and the plan.

:mod:`.script` (what a language says), :mod:`.english`, :mod:`.korean`, :mod:`.japanese` (the
scripts) and :mod:`.life` (:func:`build_life`, the seeded plan of the year). The runner is
:mod:`soulmem.lifecycle.simulate`.
"""

from soulmem.lifecycle.simulation.life import LANGUAGES, Life, Turn, build_life
from soulmem.lifecycle.simulation.script import Script, Topic

__all__ = ["LANGUAGES", "Life", "Script", "Topic", "Turn", "build_life"]
