mkdir d; printf 'target\n' > d/t; ln -s t d/l
tar --sort=name -cf a.tar d
tar -tvf a.tar | cut -c1-10
rm -r d; tar -xf a.tar; readlink d/l; cat d/l
tar -chf b.tar d; tar -tvf b.tar | cut -c1-10
