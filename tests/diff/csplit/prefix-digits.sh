seq 1 6 > f
csplit -f part -n 3 f 2 4; echo "st=$?"; ls part*
csplit --prefix=out_ --digits=1 -s f 3; ls out_*
