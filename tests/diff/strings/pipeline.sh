printf 'user=admin\0pass=secret\0\001x' > blob
strings blob | grep pass
strings blob | wc -l
