return tools.define_tool{ source = "./t", ÿþ }
