printf 'BZh91AY&SY' > x.bz2; printf '\3757zXZ\000\000\004' > x.xz; printf '%%PDF-1.4\n' > x.pdf
file x.bz2 x.xz x.pdf
