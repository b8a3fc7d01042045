mkdir -p photos
for n in 1 2 3; do touch "photos/IMG $n.JPG"; done
for f in photos/*.JPG; do
  base=${f##*/}; new="${base// /_}"; new="${new%.JPG}.jpg"; new=${new,,}
  [[ -e photos/$new ]] && { echo "skip $new: exists"; continue; }
  cat "$f" > "photos/$new" && rm "$f" && echo "renamed '$base' -> '$new'"
done
ls photos
