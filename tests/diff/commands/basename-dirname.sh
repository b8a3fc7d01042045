basename /usr/local/bin/tool
basename /usr/local/bin/
basename file.tar.gz .gz
basename -s .sh a/b.sh c/d.sh
basename -a x/one y/two
dirname /usr/local/bin/tool; dirname file; dirname /; dirname a/b/
