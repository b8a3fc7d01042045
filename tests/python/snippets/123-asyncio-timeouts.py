# wait_for, asyncio.timeout, cancellation and shield.
import asyncio


async def slow(result, delay):
    await asyncio.sleep(delay)
    return result


async def main():
    print(await asyncio.wait_for(slow("fast enough", 0.01), timeout=1))
    try:
        await asyncio.wait_for(slow("too slow", 5), timeout=0.02)
    except asyncio.TimeoutError:
        print("wait_for timed out")
    try:
        async with asyncio.timeout(0.02):
            await asyncio.sleep(5)
    except TimeoutError:
        print("timeout block expired")
    task = asyncio.create_task(slow("never", 5))
    await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        print("cancelled:", task.cancelled())
    inner = asyncio.create_task(slow("shielded", 0.02))
    try:
        await asyncio.wait_for(asyncio.shield(inner), timeout=0.001)
    except asyncio.TimeoutError:
        print("outer timed out, inner still running:", not inner.done())
    print(await inner)


asyncio.run(main())
