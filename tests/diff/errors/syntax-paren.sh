echo one
echo )
