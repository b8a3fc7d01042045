: > empty; mkdir d; ln -s empty l; ln -s nosuch bl
file empty d l bl
file -L l
