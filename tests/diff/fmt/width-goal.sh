printf 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega\n' > g
fmt -w 30 g
fmt -g 20 g
fmt -w 50 -g 30 g
fmt --width=25 --goal=25 g
fmt -w 1 g | head -3
