true | false | true; echo "${PIPESTATUS[*]}"
(exit 3) | (exit 4); echo "${PIPESTATUS[@]} $?"
echo x | cat; echo "${PIPESTATUS[*]}"
! false | false; echo "neg $?"
