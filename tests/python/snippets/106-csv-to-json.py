import csv, io, json
src = "sku,qty,price\nA1,2,9.99\nB2,5,1.5\n"
out = []
for r in csv.DictReader(io.StringIO(src)):
    out.append({"sku": r["sku"], "qty": int(r["qty"]), "price": float(r["price"])})
print(json.dumps(out, indent=2))
print(json.dumps({"total": round(sum(o["qty"] * o["price"] for o in out), 2)}))
