numfmt --to=si 1000 1500 999 1000000 123456789
numfmt --to=iec 1024 1536 1048576 1023 2000
numfmt --to=iec-i 1536
numfmt --from=si 1K 1.5M
numfmt --from=iec 1K 1.5M
numfmt --from=auto 1Ki 1K
numfmt --to=si --suffix=B 2000
numfmt --padding=10 123
numfmt --padding=-10 123 | od -c | head -2
echo "a 2048 b" | numfmt --field=2 --to=iec
echo "a    2048 b" | numfmt --field=2 --to=iec
echo "  2048 x" | numfmt --to=iec
echo "1024,2048" | numfmt -d, --field=1,2 --to=iec
echo "1024 2048 3000" | numfmt --field=-2 --to=iec
numfmt --format="%.2f" 3.14159
numfmt --to=iec --format="%8.1f" 2000000
numfmt --to=iec 1024 --format="%-8f|"
numfmt --format="%08.1f" 3.2
numfmt --padding=8 --to=iec 2048
