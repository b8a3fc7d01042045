numfmt --to=si 0.5; numfmt --to=si 999999; numfmt 1.5; numfmt 1000.25 --to=si
numfmt --from-unit=1024 --to=iec 1; numfmt --to-unit=1000 5000
numfmt --to=si -- -1500
numfmt --to=iec 1099511627776
numfmt --round=nearest --to=si 1450; numfmt --round=up --to=si 1401; numfmt --round=towards-zero --to=si 1490; numfmt --round=down --to=si 1999
numfmt --to=iec 9999; numfmt --to=si 99999
printf "h1 h2\n1024 2048\n" | numfmt --header --field=2 --to=iec
numfmt --grouping 1234567; numfmt --from=si 1G; numfmt --to=iec 0
