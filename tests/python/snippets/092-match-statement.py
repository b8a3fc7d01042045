def describe(cmd):
    match cmd.split():
        case ["go", direction]:
            return f"going {direction}"
        case ["pick", "up", *items] if items:
            return f"picking {', '.join(items)}"
        case ["quit" | "exit"]:
            return "bye"
        case _:
            return "unknown"
for c in ["go north", "pick up sword shield", "exit", "dance"]:
    print(describe(c))
match {"type": "pt", "x": 1, "y": 2}:
    case {"type": "pt", "x": x, "y": y}:
        print("point", x, y)
