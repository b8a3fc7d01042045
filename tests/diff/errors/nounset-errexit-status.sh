# with set -e as well, an unset variable ends bash -c with 1; ${!ref} of an unset ref only fails
echo "a=${!undef_ref-default}"
set -u
echo "b=${!undef_ref-default}"
echo "c=${!undef_ref}"
echo "status=$?"
set -e
echo "$undef_e"
echo never
