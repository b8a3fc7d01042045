# GLOBIGNORE patterns with bracket classes containing ":"; globskipdots off lets .* match . and ..
touch {_testing.py,pyproject.toml,20231114.log,.env}
touch 'has space.docx'
GLOBIGNORE=[[:alnum:]]*
echo *.*
GLOBIGNORE=[![:alnum:]]*
echo *.*
GLOBIGNORE=*[[:space:]]*
echo *.*
GLOBIGNORE=[[:digit:]_.]*
echo *.*
GLOBIGNORE='a:b\:c:[:]x'
echo *.*
shopt -u globskipdots
GLOBIGNORE=.:..
echo .*
GLOBIGNORE=
echo .* | sort
