s="it's a test"
echo "${s@Q}"
arr=(a "b c"); echo "${arr[@]@Q}"
p='\t-\n'; echo "${p@E}" | od -An -c
u=hello; echo "${u@U} ${u@u} ${u@L}"
