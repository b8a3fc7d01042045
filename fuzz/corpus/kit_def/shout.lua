-- Node, --flags in, text out.
return tools.define_tool{
  source = "./shout",
  description = "Upper-case a message, optionally repeated",
  schema = {
    input = {
      message = "string",
      times = { type = "integer", default = 1 },
      exclaim = "boolean?",
    },
  },
}
