# A nameref's subscript text is expanded when used, for assoc keys too.
declare -A A=([K]=val)
declare -n ref='A["K"]'
echo "before $ref"
ref=val2
key=K
declare -n r2='A[$key]'
echo "r2=$r2"
r2=val3
declare -p A
printf -v 'A[$key]' '/%s/' val4
declare -p A
i=1
read "b[\$i]" <<< x
declare "b[\$i+1]=y"
declare -p b
