import sys
print("result: ok")
print("warning: something", file=sys.stderr)
sys.exit(0)
