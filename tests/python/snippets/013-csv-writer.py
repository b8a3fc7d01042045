import csv, io
buf = io.StringIO()
w = csv.writer(buf)
w.writerow(["id", "note"])
w.writerow([1, "plain"])
w.writerow([2, "has, comma"])
w.writerow([3, 'has "quote"'])
print(repr(buf.getvalue()))
