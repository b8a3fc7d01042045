import argparse
p = argparse.ArgumentParser(prog="tool")
p.add_argument("files", nargs="*")
p.add_argument("-n", "--num", type=int, default=3)
p.add_argument("--verbose", action="store_true")
a = p.parse_args(["x.txt", "y.txt", "-n", "5", "--verbose"])
print(a.files, a.num, a.verbose)
print(vars(p.parse_args([])))
