mkdir d; mkfifo d/p1 d/p2; touch d/f
find d -type p | sort
rm d/p1; ls d
rm -v d/p2
