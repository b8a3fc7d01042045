echo 'H4sIAAAAAAAAA+3WvQrCMBQF4Mw+RUZdNP+ZBTu6+AalCFZrW9I6ie9um0FKRaVDWornW1Jo4F44JDelK84bEhZrWK392uiv/ptLw6TQxqhmH2daMUJ14L68W1XHjlLiiqL+tu/X/5kq2/wP0Xa3j4LVaAM277l38je9/LliilAWrKOOP8//dMyyYjF1FzAVf/6zNL8ErOHvf2sH3P9CWE2oCHwveX9+/n3+lUtCvgGGz38uhcX8H8Mr/2uc5uskSA0/4ZX6nD/X/fOvuMT8H0Oa17SNfrm6P/AMAAAAAAAAAAAAAAAAAJi3J9g5wwAAKAAA' | base64 -d > p.tgz
tar -xzf p.tgz
stat -c '%a %Y %n' proj/README proj/src proj/src/main.c
readlink proj/link
cat proj/link
