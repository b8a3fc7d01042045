import textwrap
txt = "The quick brown fox jumps over the lazy dog. " * 3
print(textwrap.fill(txt, width=30))
print(textwrap.wrap("a b c d e f g", 5))
print(textwrap.shorten("Hello there, general Kenobi", width=15))
print(textwrap.indent("l1\nl2\n", "> "), end="")
print(textwrap.dedent("""\
    def f():
        pass
"""), end="")
