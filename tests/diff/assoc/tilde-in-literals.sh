HOME=/home/user
declare -A a=(['home']=~ ['hello']=~:~:~ [x]=a:~ ["y"]="~")
declare -p a
b=([0]=~ [1]=~:~ ~ x:~ [5]=~/foo)
declare -p b
declare -a c=([0]=~ ~)
declare -p c
declare -A d
d=([k]=~ [j]=~/x)
declare -p d
d[z]=~
declare -p d
e=(~ a=~ a=~:~)
declare -p e
f=([k]=~)
declare -p f
