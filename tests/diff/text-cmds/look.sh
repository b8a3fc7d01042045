printf 'apple\nBanana\nbanana\ncherry\ncherry pie\n' > w
look ch w; echo "st=$?"
look zz w; echo "st=$?"
look -f ban w
look -d cherryp w; echo "st=$?"
look -t e cherXX w; echo "st=$?"
look; echo "st=$?"
look a nosuch; echo "st=$?"
look -b ch w; echo "st=$?"
