old=(apple banana cherry date)
new=(banana cherry elderberry fig apple)
declare -A in_old in_new
for x in "${old[@]}"; do in_old[$x]=1; done
for x in "${new[@]}"; do in_new[$x]=1; done
for x in "${new[@]}"; do [[ ${in_old[$x]:-} ]] || echo "+ $x"; done
for x in "${old[@]}"; do [[ ${in_new[$x]:-} ]] || echo "- $x"; done
common=0; for x in "${old[@]}"; do [[ ${in_new[$x]:-} ]] && ((common++)); done; echo "common: $common"
