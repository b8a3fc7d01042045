printf '1' > a; printf '2' > b; printf '3' > c
md5sum a b > s1; md5sum c > s2
echo x > b
md5sum -c s1 s2; echo "[$?]"
sed 's/ c$/ zz/' s2 > s3
md5sum -c s1 s3 s2; echo "[$?]"
