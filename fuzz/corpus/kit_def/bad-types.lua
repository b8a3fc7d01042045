return tools.define_tool{
  source = 42, executor = "spaceship", timeout = -1, input_adapter = {},
  schema = { input = { a = "strin", b = { type = "array", items = { type = "nope" } }, c = 5 } },
}
