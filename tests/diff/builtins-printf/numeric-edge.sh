printf '%d\n' -0 0x10 010 -17
printf '%u\n' 5
printf '%.0f %.0f %.0f\n' 0.5 1.5 2.5
printf '%s\n' 1e3
printf '%5.1f%%\n' 45.678
