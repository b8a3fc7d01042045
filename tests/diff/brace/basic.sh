echo {a,b,c}x
echo {1..5} {5..1} {01..03} {a..e..2}
echo pre{x,y{1,2}}post
echo {1..10..3}
mkdir -p d/{src,bin}; ls d
