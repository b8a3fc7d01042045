# Fan out tool calls from asyncio (to_thread) and gather them in order.
import asyncio

import kitsh_tools


async def profile(uid):
    user, total = await asyncio.gather(
        asyncio.to_thread(kitsh_tools.get_user, id=uid),
        asyncio.to_thread(kitsh_tools.orders.total, user_id=uid),
    )
    return f"{user['name']:<16} {total['count']} paid  {total['total']:>7.2f}"


async def main():
    rows = await asyncio.gather(*(profile(u) for u in (1, 2, 3, 4)))
    print("\n".join(rows))
    results = await asyncio.gather(
        asyncio.to_thread(kitsh_tools.get_user, id=42), profile(1), return_exceptions=True
    )
    print([type(r).__name__ for r in results])


asyncio.run(main())
