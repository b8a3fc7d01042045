import csv, io
data = "a\tb\tc\n1\t2\t3\n4\t5\t6\n"
r = csv.reader(io.StringIO(data), delimiter="\t")
header = next(r)
cols = list(zip(*r))
for h, c in zip(header, cols):
    print(h, sum(int(x) for x in c))
