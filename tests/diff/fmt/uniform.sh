printf 'Hello   world.   This  is   spaced    oddly.  Yes!\nNext     line? Sure.\n' > t
fmt -u t
fmt --uniform-spacing -w 20 t
fmt t
