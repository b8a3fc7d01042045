echo "limits" | bc
