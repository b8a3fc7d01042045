declare -i num="2 + 3"; echo $num
num="num * 2"; echo $num
declare -x exported=yes; printenv exported
declare +x exported; printenv exported || echo "no longer exported"
declare -l lower; lower="MiXeD"; echo $lower
declare -u upper; upper="MiXeD"; echo $upper
