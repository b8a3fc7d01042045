mkdir d; echo a > d/f; echo b > f
diff d f; echo "st=$?"
diff f d; echo "st=$?"
