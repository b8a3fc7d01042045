printf "Hello World\nfoo  bar\ntrail \n" > x; printf "hello world\nfoo bar\ntrail\n" > y
diff x y; echo "st=$?"
diff -i x y; echo "st=$?"
diff -b x y; echo "st=$?"
diff -w -i x y; echo "st=$?"
diff -Z x y; echo "st=$?"
