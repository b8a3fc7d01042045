# Text results come back as str; stdin= pipes input (str, bytes or a JSON-able value);
# names with dashes are reachable with underscores.
import kitsh_tools

slug = kitsh_tools.slugify(text="Hello, World: Q3 Report!")
print(repr(slug), slug.strip())
print(kitsh_tools.word_count(stdin="one two\nthree\n"))
print(getattr(kitsh_tools, "word-count")(stdin=b"a b c d\n"))
print(kitsh_tools.word_count(stdin={"k": [1, 2]}))
report = "\n".join(kitsh_tools.slugify(text=u["name"]).strip() for u in
                   (kitsh_tools.get_user(id=i) for i in (4, 2))) + "\n"
print(kitsh_tools.word_count(stdin=report)["words"], report, end="")
