printf 'release contents\n' > pkg.tar
sha256sum pkg.tar > SHA256SUMS
if sha256sum --check --status SHA256SUMS; then echo verified; fi
echo tamper >> pkg.tar
sha256sum --check SHA256SUMS || echo "bad: $?"
