# pushd/popd: push, rotate (+N/-N), -n, errors.
cd /; mkdir -p /tmp/pa /tmp/pb
pushd /tmp/pa >/dev/null; pushd /tmp/pb >/dev/null; dirs
pushd +1; pushd -0; popd +1
pushd nosuch; echo "rc=$?"
cd /tmp; pushd pa; pushd ..; dirs -v
pushd -n /x; popd -n; dirs
pushd . .; echo "rc=$?"
popd zzz; echo "rc=$?"
