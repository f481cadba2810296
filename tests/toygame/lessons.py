"""Race to Ten has no rulebook lessons; the lab still sweeps it."""

from evogames.kit.lesson import LabSetup

LAB = LabSetup()
