printf 'caf\303\251 \342\200\230x\342\200\231' | iconv -f UTF-8 -t ISO-8859-1//TRANSLIT | od -An -tx1
