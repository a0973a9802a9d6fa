"""Configuration of the training pipeline."""
from dataclasses import dataclass


@dataclass
class Config:
    """Hyper-parameters of one training run."""

    learning_rate: float = 0.01
    epochs: int = 10


def load_config(path: str) -> Config:
    """Reads a run configuration from a TOML file."""
    return Config()
