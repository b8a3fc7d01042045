# Bounded concurrency with a Semaphore; as_completed and wait(FIRST_COMPLETED).
import asyncio

running = 0
peak = 0


async def job(n, sem):
    global running, peak
    async with sem:
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.001 * (5 - n % 5))
        running -= 1
        return n * 10


async def main():
    sem = asyncio.Semaphore(2)
    out = []
    for fut in asyncio.as_completed([job(i, sem) for i in range(6)]):
        out.append(await fut)
    print(sorted(out), "peak concurrency:", peak)
    tasks = [asyncio.create_task(asyncio.sleep(d, result=d)) for d in (0.05, 0.001, 0.03)]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print("first:", [t.result() for t in done], "pending:", len(pending))
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    ev = asyncio.Event()

    async def waiter():
        await ev.wait()
        return "event seen"

    t = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    ev.set()
    print(await t)


asyncio.run(main())
