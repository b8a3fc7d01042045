-- Python, mixed input (records as JSON on stdin, the rest as flags), JSON out.
return tools.define_tool{
  source = "./summarize",
  input_adapter = "mixed",
  stdin_fields = {"records"},
  output_adapter = "json",
  description = "Count, sum and mean of one numeric field over records",
  category = "data",
  schema = {
    input = {
      records = { type = "array", description = "Objects to summarise" },
      field = { type = "string", description = "The numeric field" },
    },
  },
}
