"""Trains the ranking model."""
from .config import Config, load_config


def train(config: Config) -> float:
    """Runs the training loop and returns the final loss."""
    loss = 1.0
    for _ in range(config.epochs):
        loss *= 1 - config.learning_rate
    return loss


if __name__ == "__main__":
    print(train(load_config("run.toml")))
