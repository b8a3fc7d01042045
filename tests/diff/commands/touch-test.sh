touch new.txt; [[ -f new.txt && ! -s new.txt ]] && echo "created empty"
echo data > keep.txt; touch keep.txt; cat keep.txt
touch -c notcreated.txt; [[ -e notcreated.txt ]] || echo "not created"
