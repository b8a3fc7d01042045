import configparser
cp = configparser.ConfigParser()
cp.read_string("[db]\nhost = localhost\nport = 5432\n[app]\ndebug = yes\n")
print(cp.sections(), cp["db"]["host"], cp.getint("db", "port"), cp.getboolean("app", "debug"))
print(cp.get("app", "missing", fallback="none"))
