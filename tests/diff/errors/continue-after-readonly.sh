readonly R=1
R=2
echo "next line still runs: R=$R"
