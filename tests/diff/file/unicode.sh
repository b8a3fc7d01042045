printf 'caf\303\251\n' > u8; printf '\357\273\277hi\n' > bom; printf 'caf\351\n' > lat
file u8 bom lat
