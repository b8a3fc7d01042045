import statistics as st
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(st.mean(data), st.median(data), st.mode(data))
print(st.pstdev(data), round(st.stdev(data), 6))
print(st.median([1, 3, 2, 4]), st.median_low([1, 3, 2, 4]))
print(round(st.variance(data), 4), st.fmean([1.5, 2.5]))
