if true; then
	cat <<-EOT
		indented with tabs
	  mixed tab-space kept
	EOT
fi
