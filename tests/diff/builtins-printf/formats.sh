printf '[%d] [%i] [%5d] [%-5d] [%+d] [% d]\n' 42 42 42 42 42 42
printf '[%s] [%10s] [%-10s] [%.2s]\n' hello hello hello hello
printf '[%f] [%.1f] [%8.3f] [%e] [%g]\n' 3.14159 3.14159 3.14159 31415.9 0.0001
printf '[%c] [%%] [%x] [%X] [%#x] [%#o]\n' hello 255 255 255 8
