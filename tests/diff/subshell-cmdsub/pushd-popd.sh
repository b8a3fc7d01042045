mkdir -p a/b c
base=$PWD
pushd a >/dev/null; echo "${PWD#$base}"
pushd b >/dev/null; echo "${PWD#$base}"
popd >/dev/null; echo "${PWD#$base}"
popd >/dev/null; echo "[${PWD#$base}]"
cd c; cd - >/dev/null; echo "[${PWD#$base}]"
cd c && cd ..; echo "[${PWD#$base}] ${OLDPWD#$base}"
