seq 1 6 > f
csplit -b '%02d.txt' f 3; ls *.txt
csplit -b '_%x_' -f p f 2 3 4 5; ls p_*
csplit -b '%-3d|' -f q f 4; ls q*
csplit -b '%#o' -f o f 2 3; ls o*
