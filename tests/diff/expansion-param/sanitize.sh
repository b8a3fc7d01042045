raw='Hello, World! 2024 (draft) #1'
slug=${raw//[^a-zA-Z0-9]/-}; echo "$slug"
slug=${slug,,}; while [[ $slug == *--* ]]; do slug=${slug//--/-}; done; slug=${slug%-}; echo "$slug"
digits=${raw//[!0-9]/}; echo "$digits"
echo "${raw//[[:space:]]/}"
