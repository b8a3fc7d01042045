pre=img; pre1=one
echo $pre{1,2}.png
