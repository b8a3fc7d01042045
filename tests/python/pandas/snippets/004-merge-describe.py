# Join two tables, fill gaps, describe, and write a CSV back for the shell.
import pandas as pd

sales = pd.read_csv("sales.csv")
regions = pd.DataFrame({"region": ["north", "south", "east", "west"],
                        "manager": ["Ada", "Brian", "Chen", "Dana"]})
merged = sales.merge(regions, on="region", how="left")
merged["units"] = merged["units"].fillna(0).astype(int)
print(merged.groupby("manager")["units"].sum().to_dict())
print(merged[["units", "price"]].describe().round(3))
merged.to_csv("/tmp/merged.csv", index=False)
print(open("/tmp/merged.csv").read().splitlines()[:2])
