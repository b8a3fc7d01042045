# Producer/consumer with asyncio.Queue and a fixed pool of worker tasks.
import asyncio


async def worker(name, queue, results):
    while True:
        item = await queue.get()
        try:
            await asyncio.sleep(0.001 * (item % 3))
            results.append((item, item * item))
        finally:
            queue.task_done()


async def main():
    queue = asyncio.Queue(maxsize=4)
    results = []
    workers = [asyncio.create_task(worker(f"w{i}", queue, results)) for i in range(3)]
    for i in range(10):
        await queue.put(i)
    await queue.join()
    for w in workers:
        w.cancel()
    done = await asyncio.gather(*workers, return_exceptions=True)
    print(sorted(results))
    print([type(d).__name__ for d in done])
    print("empty:", queue.empty(), "size:", queue.qsize())


asyncio.run(main())
