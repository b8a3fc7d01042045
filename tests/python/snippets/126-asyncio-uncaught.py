# An exception that escapes asyncio.run ends the script with a traceback (status 1).
import asyncio


async def parse(text):
    await asyncio.sleep(0)
    return int(text)


async def main():
    values = await asyncio.gather(parse("1"), parse("2"))
    print("parsed", values)
    await parse("three")


asyncio.run(main())
