# Concurrent "fetches" with asyncio.gather, results in order, errors collected.
import asyncio
import json

DATA = {"alice": {"age": 31}, "bob": {"age": 27}, "carol": None}


async def fetch(name, delay):
    await asyncio.sleep(delay)
    rec = DATA.get(name)
    if rec is None:
        raise LookupError(f"no record for {name}")
    return {"name": name, **rec}


async def main():
    users = await asyncio.gather(fetch("alice", 0.02), fetch("bob", 0.01))
    print(json.dumps(users))
    results = await asyncio.gather(fetch("bob", 0.01), fetch("carol", 0.0), return_exceptions=True)
    for r in results:
        print(type(r).__name__, r)
    try:
        await asyncio.gather(fetch("alice", 0), fetch("dave", 0))
    except LookupError as e:
        print("failed:", e)


asyncio.run(main())
