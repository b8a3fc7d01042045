mkdir -p proj/src; touch proj/b.txt proj/a.txt proj/.hidden proj/src/main.rs
ls proj
ls -a proj
ls -1 proj/src
ls proj/missing
echo "rc=$?"
ls -d proj/*/
