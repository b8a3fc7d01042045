printf "a\nb\n  c d  \n" | xargs -I{} echo "[{}]"
printf "x\ny\n" | xargs -I % sh -c "echo %; echo %-%"
printf "1\n2\n" | xargs -i echo "<{}>"
