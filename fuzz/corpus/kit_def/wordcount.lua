-- Shell, positional arguments in, lines out: the most frequent words of a text.
return tools.define_tool{
  source = "./wordcount",
  input_adapter = "positional_args",
  args_order = {"text", "top"},
  output_adapter = "lines",
  description = "Most frequent words of a text, one 'COUNT WORD' per line",
  schema = {
    input = {
      text = { type = "string", description = "The text" },
      top = { type = "integer", description = "How many words", default = 3 },
    },
  },
}
