x=1
done
