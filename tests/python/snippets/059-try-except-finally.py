def f(x):
    try:
        r = 10 / x
    except ZeroDivisionError as e:
        print("caught:", e)
        return None
    else:
        print("else ran")
        return r
    finally:
        print("finally", x)
print(f(2))
print(f(0))
