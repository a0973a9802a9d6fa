import pkg.util.text
import pkg.helpers as h
from pkg import User, helpers
from pkg.util import *
from nsp import tools
import nsp.tools


def run(name):
    user = User(name)
    user.save()
    user.tags.append(loud(name))
    print(pkg.util.text.shout(name))
    print(h.bump(), helpers.squares([1, 2]))
    print(whisper(name), slugify(name))
    for name in ["a", "b"]:
        print(name)
    value = tools.tool()
    return nsp.tools.tool() + value


def make():
    return User.create("x")


def initial(word):
    from pkg.util.text import first
    return first(word)
