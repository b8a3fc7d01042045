secret=$(printf 'JBSWY3DPEHPK3PXP' | base32 -d | od -An -tx1 | tr -d ' \n')
echo "$secret"
echo hello | base32 | tr -d '=' 
