declare -A grid
rows=3 cols=3
for ((r=0; r<rows; r++)); do for ((c=0; c<cols; c++)); do grid[$r,$c]=$((r*cols+c)); done; done
for ((r=0; r<rows; r++)); do
  line=""; for ((c=0; c<cols; c++)); do line+="${grid[$r,$c]} "; done
  echo "${line% }"
done
