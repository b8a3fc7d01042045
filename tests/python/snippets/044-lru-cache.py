from functools import lru_cache
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(90))
print(fib.cache_info().hits > 0)
@lru_cache(maxsize=2)
def sq(x):
    print("compute", x)
    return x * x
print(sq(2), sq(2), sq(3), sq(4), sq(2))
