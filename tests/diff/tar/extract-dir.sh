mkdir d out; printf 'data\n' > d/f
tar -cf a.tar d
tar -xf a.tar -C out
cat out/d/f
tar -C out -xf a.tar; ls out/d
tar -xf a.tar -C missing; echo "[$?]"
