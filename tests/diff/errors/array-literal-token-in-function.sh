# The same inside a function body: parsing goes on at the next line, at the top level.
f() {
 a=( x=() )
 echo in-f
}
echo after $?
