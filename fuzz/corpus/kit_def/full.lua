return tools.define_tool{
  source = "https://example.invalid/repo.git", tag = "v1.2", subdir = "tools/x",
  type = "python", entrypoint = "main.py", executor = "sandbox", network = false, timeout = 30,
  input_adapter = "mixed", stdin_fields = {"records"}, output_adapter = "json",
  deps = {"requests==2.0"}, env = {"MODE=fast", "TOKEN"}, tags = {"a", "b"}, category = "data",
  description = "everything at once",
  schema = {
    input = {
      records = { type = "array", items = { type = "object" } },
      mode = { type = "string", enum = {"x", "y"}, default = "x" },
      n = "integer?",
    },
    output = { total = "number", rows = { type = "array", items = "string" } },
  },
}
