cat > old.py <<EOF
def f(x):
    return x + 1

def g(y):
    return y * 2
EOF
cat > new.py <<EOF
def f(x):
    return x + 2

# helper
def g(y):
    return y * 2
EOF
diff -u --label old.py --label new.py old.py new.py; echo "st=$?"
diff old.py new.py | grep -c "^[<>]"
