def foo: "baz";
def f: "wat";
def f: "foo";
def g: "bar";
def fg: f+g;
