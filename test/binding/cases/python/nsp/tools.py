def tool():
    """A tool in a namespace package."""
    return 1
