readonly R=1
echo "R=$R"
R=2
