# Failing calls raise ToolError (sanitised message, exit status); schema errors carry the
# flags' messages; unknown tools are AttributeErrors.
import kitsh_tools
from kitsh_tools import ToolError, get_user

found, missing = [], []
for uid in (1, 9, 3):
    try:
        found.append(get_user(id=uid)["name"])
    except ToolError as e:
        missing.append((uid, e.exit_code, e.tool, str(e)))
print(found)
print(missing)
for kwargs in ({"id": "x"}, {}, {"id": "7"}):
    try:
        print(get_user(**kwargs))
    except ToolError as e:
        print(e.exit_code, e.message)
try:
    kitsh_tools.admin.delete_user(id=1)
except ToolError as e:
    print("denied:", e, e.exit_code)
for name in ("nope", "admin.nope"):
    try:
        obj = kitsh_tools
        for part in name.split("."):
            obj = getattr(obj, part)
    except AttributeError as e:
        print("AttributeError:", e)
print(isinstance(ToolError("m"), Exception))
