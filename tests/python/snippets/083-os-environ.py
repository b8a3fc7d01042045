import os
print(os.environ.get("KITSH_DEFINITELY_UNSET_VAR", "default"))
print(os.environ.get("KITSH_DEFINITELY_UNSET_VAR") is None)
print("KITSH_DEFINITELY_UNSET_VAR" in os.environ)
print(os.getenv("KITSH_ALSO_UNSET", "fallback"))
