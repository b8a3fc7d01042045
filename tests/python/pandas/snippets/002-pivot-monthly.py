# Monthly pivot of revenue per product, with totals, as agents report it.
import pandas as pd

df = pd.read_csv("sales.csv", parse_dates=["date"]).dropna()
df["month"] = df["date"].dt.strftime("%Y-%m")
df["revenue"] = df["units"] * df["price"]
pivot = df.pivot_table(index="month", columns="product", values="revenue", aggfunc="sum", fill_value=0)
pivot["total"] = pivot.sum(axis=1)
print(pivot.round(2).to_string())
top = df.sort_values("revenue", ascending=False).head(3)[["date", "product", "revenue"]]
print(top.to_csv(index=False), end="")
