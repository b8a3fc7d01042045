f() { :; }; f one two; echo "$_"
