printf '\377\376\375\000\001' > b
sum b
sum -s b
