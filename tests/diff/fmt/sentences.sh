printf 'Mr. Smith went to Washington. He met Dr. Jones there.  They talked (at length) about it! Then "they left." And that was that; the end? Maybe: who knows, really.\n' > t
fmt -w 35 t
fmt -w 50 t
fmt -w 20 -u t
