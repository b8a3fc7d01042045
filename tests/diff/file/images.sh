printf '\211PNG\r\n\032\n\000\000\000\rIHDR\000\000\000\001\000\000\000\001\010\006\000\000\000' > p.png
printf 'GIF89a\001\000\001\000\000\000\000' > g.gif
file p.png g.gif
file -b --mime-type p.png g.gif
