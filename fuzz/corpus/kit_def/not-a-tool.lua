return { source = "./t" }
