from string import Template
t = Template("Hello $name, you owe $$${amount}.")
print(t.substitute(name="Ann", amount="10"))
print(Template("$a and $b").safe_substitute(a="x"))
try:
    Template("$missing").substitute({})
except KeyError as e:
    print("KeyError", e)
import string
print(string.ascii_lowercase, string.digits, string.punctuation[:5])
print(string.capwords("hello big  world"))
