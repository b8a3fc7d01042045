# cp and mv: files, trees, targets, symlinks, and their error messages.
cd "$(mktemp -d)"
echo A > a; mkdir -p d/s; echo X > d/x; echo Y > d/s/y; mkdir o
cp a b; cat b; cp -v a b o; ls o
cp -r d e; ls -R e
cp -r d e; ls e
cp d z; echo "rc=$?"
cp nope z; echo "rc=$?"
cp a a; echo "rc=$?"
cp -r d d/sub; echo "rc=$?"
cp; echo "rc=$?"
cp a; echo "rc=$?"
cp a b nodir; echo "rc=$?"
mv -v a c; ls
mv b c o; ls o
mv e o/; ls o
mv nope x; echo "rc=$?"
mv d d/sub; echo "rc=$?"
mv o/c .; ls
cp -a d f; ls f
ln -s c lnk; cp -r lnk lnk2 2>&1; ls -l lnk2 | cut -c1
mkdir q; cp -r d q/; ls q/d
mv -T q r 2>&1; ls
touch t1; mkdir t2; mv t1 t2 && ls t2; mv t2/t1 t2; echo "rc=$?"
