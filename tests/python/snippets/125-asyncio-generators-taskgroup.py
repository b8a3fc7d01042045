# Async generators, async comprehensions, async context managers, TaskGroup, to_thread.
import asyncio
import contextlib


async def ticker(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i


@contextlib.asynccontextmanager
async def resource(name):
    print("open", name)
    try:
        yield name.upper()
    finally:
        print("close", name)


def blocking_sum(xs):
    return sum(xs)


async def main():
    print([i * i async for i in ticker(5)])
    async with resource("db") as r:
        print("using", r)
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(asyncio.sleep(0.01, result="a"))
        b = tg.create_task(asyncio.sleep(0.0, result="b"))
    print(a.result(), b.result())
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(asyncio.sleep(0.01))
            tg.create_task(asyncio.to_thread(int, "x"))
    except* ValueError as eg:
        print("group failed:", [str(e) for e in eg.exceptions])
    print(await asyncio.to_thread(blocking_sum, range(101)))
    loop = asyncio.get_running_loop()
    print(await loop.run_in_executor(None, blocking_sum, [1, 2, 3]))
    fut = loop.create_future()
    loop.call_later(0.01, fut.set_result, "from call_later")
    print(await fut)


asyncio.run(main())
