# numpy on a column: summary statistics, percentiles, a histogram, a z-score filter.
import numpy as np
import pandas as pd

units = pd.read_csv("sales.csv")["units"].dropna().to_numpy()
print(units.dtype, units.size, units.sum(), round(float(units.mean()), 3), round(float(units.std()), 3))
print(np.percentile(units, [25, 50, 75]).tolist())
counts, edges = np.histogram(units, bins=3)
print(counts.tolist(), np.round(edges, 2).tolist())
z = (units - units.mean()) / units.std()
print(units[np.abs(z) > 1].tolist())
m = np.arange(12).reshape(3, 4)
print(m.T @ m)
