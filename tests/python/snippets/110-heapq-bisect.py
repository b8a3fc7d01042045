import heapq, bisect
h = [5, 1, 8, 3]
heapq.heapify(h); heapq.heappush(h, 0)
print([heapq.heappop(h) for _ in range(3)], heapq.nlargest(2, [4, 9, 1, 7]), heapq.nsmallest(2, [4, 9, 1]))
xs = [1, 3, 3, 7]
print(bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3), bisect.bisect(xs, 10))
bisect.insort(xs, 4); print(xs)
