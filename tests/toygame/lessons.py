"""Race to Ten has no rulebook lessons; the lab still sweeps it."""

LESSONS: tuple[()] = ()
