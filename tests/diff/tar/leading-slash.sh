mkdir d; printf 'x' > d/f
tar -cf a.tar "$PWD/d/f" 2>err; cat err
tar -tf a.tar | sed 's|^.*/d/f$|X/d/f|'
