local s = string.rep("x", 1e9)
return tools.define_tool{ source = "./t", description = s }
