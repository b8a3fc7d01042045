# An uncaught ToolError ends the script with a traceback and status 1.
import kitsh_tools

print(kitsh_tools.get_user(id=2)["name"])
kitsh_tools.list_orders(user_id="two")
