f() { echo func; }
echo x | xargs f; echo "st=$?"
export V=exported; echo x | xargs sh -c "echo \$V"
