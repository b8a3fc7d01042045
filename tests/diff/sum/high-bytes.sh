printf '\377%.0s' $(seq 1 300) > ff
sum ff
sum -s ff
