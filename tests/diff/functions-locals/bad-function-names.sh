# Function names may be odd words, but not ones with expansions.
foo!bar() { echo bang; }
foo!bar
$foo-bar() { ls; }
echo "status=$?"
foo-$(echo hi)() { ls; }
echo "status=$?"
