for c in a Z 5 ' ' '!' ''; do
  case $c in
    [[:lower:]]) t=lower;; [[:upper:]]) t=upper;; [[:digit:]]) t=digit;;
    [[:space:]]) t=space;; [[:punct:]]) t=punct;; *) t=other;;
  esac
  echo "[$c] $t"
done
