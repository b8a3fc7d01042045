# HISTFILESIZE cuts the history file when assigned (timestamps count as lines), at start of an
# interactive shell and after it saves; histappend keeps a stifled history's file.
printf 'cmd %s\n' 1 2 3 4 5 6 7 8 9 10 > h1
HISTFILE=h1
HISTFILESIZE=4; cat h1
HISTFILESIZE=x; HISTFILESIZE=-1; HISTFILESIZE=' 2 '; cat h1
printf '#1\nc1\n#2\nc2\nc2b\n#3\nc3\n' > h2; HISTFILE=h2 HISTFILESIZE=3; cat h2
printf 'a\nb\nc' > h3; HISTFILE=h3; HISTFILESIZE=1; od -c h3
HISTFILE=missing; HISTFILESIZE=1; ls missing 2>/dev/null; echo "missing=$?"
unset HISTFILE; printf 'x\ny\nz\n' > .history; HISTFILESIZE=1; cat .history
for opt in -s -u; do
  printf 'orig %s\n' 1 2 3 4 5 > h4
  HISTFILE=h4 HISTSIZE=10 HISTFILESIZE=1000 bash --norc -i 2>/dev/null <<EOS
HISTSIZE=2
shopt $opt histappend
echo new1 >/dev/null
echo new2 >/dev/null
echo new3 >/dev/null
EOS
  echo "$opt: $(grep -c orig h4) $(wc -l < h4)"
done
printf 'old %s\n' 1 2 3 4 5 6 > h5
HISTFILE=h5 HISTSIZE=3 bash --norc -i 2>/dev/null <<'EOS'
history | wc -l
echo $HISTFILESIZE
EOS
cat h5
