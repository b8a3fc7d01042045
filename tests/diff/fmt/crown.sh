printf '  crown first line here\nsecond line at zero indent and it goes on and on for some more words\nthird line\n' > t
fmt -c -w 30 t
fmt --crown-margin -w 20 t
fmt -w 30 t
