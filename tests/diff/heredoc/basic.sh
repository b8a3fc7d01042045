name=world
cat <<END
hello $name
  $(echo sub)
END
cat <<'END'
raw $name
END
cat <<-END
	tab stripped
	END
