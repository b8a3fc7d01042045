-- Python, JSON in and out: the parts of a URL.
return tools.define_tool{
  source = "./url_info",
  input_adapter = "json",
  output_adapter = "json",
  description = "Split a URL into scheme, host, port, path and query",
  tags = {"parse", "offline"},
  schema = {
    input = { url = { type = "string", description = "The URL to split" } },
    output = { scheme = "string", host = "string", port = "integer?", path = "string", query = "object" },
  },
}
