import json, csv, sys
data = json.loads('[{"id": 1, "name": "a", "score": 9.5}, {"id": 2, "name": "b, c", "score": 7}]')
w = csv.DictWriter(sys.stdout, fieldnames=sorted(data[0]), lineterminator="\n")
w.writeheader()
for d in data:
    w.writerow(d)
