# Read a CSV, derive a column, group and aggregate, print a table and JSON.
import pandas as pd

df = pd.read_csv("sales.csv", parse_dates=["date"])
df["revenue"] = df["units"] * df["price"]
by_region = df.groupby("region").agg(orders=("product", "count"), units=("units", "sum"),
                                     revenue=("revenue", "sum")).sort_values("revenue", ascending=False)
print(by_region)
print(by_region.round(2).to_json(orient="index"))
print("missing units:", int(df["units"].isna().sum()))
