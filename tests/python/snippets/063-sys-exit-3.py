import sys
print("about to exit")
sys.stdout.flush()
sys.exit(3)
print("never")
