import sys
print("checking")
if True:
    sys.exit("fatal: config missing")
