config = {"host": "localhost"}
print("host:", config["host"])
print("port:", config["port"])
