"""Models."""
from .util import slugify


class Base:
    """A base model."""

    def save(self):
        """Saves the model."""
        return self.key()

    def key(self):
        return slugify(type(self).__name__)


class User(Base):
    kind = "user"

    def __init__(self, name):
        self.name = name
        self.tags = []

    def key(self):
        return super().key() + self.kind + self.name

    @classmethod
    def create(cls, name):
        return cls(name)
