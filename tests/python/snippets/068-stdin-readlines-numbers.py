import sys
nums = [float(x) for x in sys.stdin.read().split()]
print(f"n={len(nums)} sum={sum(nums):g} min={min(nums):g} max={max(nums):g}")
print(f"mean={sum(nums)/len(nums):.3f}")
