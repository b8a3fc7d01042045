"""A test MCP server written with the official Python SDK: two tools to chain, one that fails,
one that crashes the server (to check that kitsh starts it again on the next call)."""

import os

from mcp.server.mcpserver import MCPServer

server = MCPServer("demo")


@server.tool(description="Look up a city: population and country")
def get_city(name: str) -> dict:
    data = {"Paris": (2102650, "FR"), "Lyon": (522250, "FR"), "Oslo": (717710, "NO")}
    population, country = data.get(name, (0, "??"))
    return {"name": name, "population": population, "country": country}


@server.tool(name="format line", description="Format a population as a sentence")
def format_line(name: str, population: int) -> str:
    return f"{name} has {population:,} inhabitants"


@server.tool(description="Always fails")
def broken() -> str:
    raise ValueError("upstream secret: token=abc123")


@server.tool(description="Ends the server process")
def crash() -> str:
    os._exit(3)


if __name__ == "__main__":
    import sys

    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        # Streamable HTTP on 127.0.0.1:PORT/mcp (kitsh imports it as a URL server).
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
