bc -l <<< "s(-3.5); c(10); a(-0.5)"
bc -l <<< "l(0.001); l(100); e(-2); e(10)"
bc -l <<< "j(1,2.5); j(0,1); j(-3,2)"
# At scales below ~10 GNU's trigonometric functions can lose their last digit (GNU prints
# -.50635 for s(100) at scale 5, the true value is -.5063656...); kitsh truncates the exact
# value, so the trig cases here use the default scale.
bc -l <<< "scale=5; e(0.5); l(3)"
bc -l <<< "s(100); a(5)"
bc -l <<< "l(0); l(-1)"
bc -l <<< "ibase=16; e(1)"
