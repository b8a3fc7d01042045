seq 1 6 > x; printf '1\ntwo\n3\n5\n6\n7\n' > y
diff --changed-group-format='CHG %df-%dl %dF-%dL n=%dn N=%dN e=%de E=%dE m=%dm M=%dM
%<---
%>' --old-group-format='DEL %dn %(f=l?single:multi) %(e=3?x:y)
%<' --new-group-format='ADD %dN at %de
%>' --unchanged-group-format='[%dn same %df..%dl]
' x y; echo "st=$?"
diff --unchanged-group-format='%(n=2?two)%=' --old-group-format='%(0=0?A:B' x y; echo "st=$?"
diff --unchanged-group-format='' --changed-group-format='%(n=N?same count:other count) %(N=1?%>:many
)' x y; echo "st=$?"
diff --old-group-format='<%<>' --new-group-format='{%>}' --unchanged-group-format='' x y; echo "st=$?"
diff --changed-group-format='%<%>' --line-format='|%l' x y; echo "st=$?"
