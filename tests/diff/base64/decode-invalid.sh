printf 'YW Jj' | base64 -d; echo "[$?]"
printf 'YW*Jj' | base64 -d; echo "[$?]"
printf '=YQ' | base64 -d; echo "[$?]"
