"""Utilities."""
from .text import slugify, shout as loud
from .text import *

__all__ = ["slugify", "loud", "whisper"]
