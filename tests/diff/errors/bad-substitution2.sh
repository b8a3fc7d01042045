v=abc
echo ${v/}
echo ${v:a:b:c}
