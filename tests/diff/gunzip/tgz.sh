printf 'x\n' | gzip > arch.tgz
gunzip arch.tgz; ls
