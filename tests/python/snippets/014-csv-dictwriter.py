import csv, sys
rows = [{"a": 1, "b": "x"}, {"a": 2, "b": "y z"}]
w = csv.DictWriter(sys.stdout, fieldnames=["a", "b"], lineterminator="\n")
w.writeheader()
w.writerows(rows)
