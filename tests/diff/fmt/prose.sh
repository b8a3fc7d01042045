cat > t <<'T'
The quick brown fox jumps over the lazy dog. It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief.
Short line.
Another short line here.  Two spaces after this sentence. And one here.

Second paragraph (with parentheses) and "quotes" plus some punctuation; semicolons, commas, and a question? Yes!  Then more words follow to make this paragraph wrap over several lines of output text.
T
fmt t
echo "st=$?"
fmt -w 40 t
fmt -60 t
