"""The package: its models and helpers."""
from .models import User
from . import helpers
