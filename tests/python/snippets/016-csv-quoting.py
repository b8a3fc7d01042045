import csv, io
buf = io.StringIO()
w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\n")
w.writerow(["x", 1, None])
w = csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
w.writerow(["y", 2, 3.5])
print(buf.getvalue(), end="")
