import sys
args = sys.argv[1:]
print(len(args), args)
flags = [a for a in args if a.startswith("--")]
print("flags:", flags)
