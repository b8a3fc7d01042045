printf 'a\033[1mb\n' > esc; printf 'a\bb\n' > bs; printf 'a\tb\n' > tab
file esc bs tab
