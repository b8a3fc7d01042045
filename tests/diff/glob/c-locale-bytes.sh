# In the C locale (LC_ALL=C here) ? matches one byte: a two-byte character is two.
touch _x_ _μ_
echo _?_
echo _??_
x=μ
echo "${#x}"
case μ in ?) echo one ;; ??) echo two ;; esac
[[ μ == ?? ]] && echo dbl
LC_ALL=C.UTF-8
echo _?_
echo "${#x}"
case μ in ?) echo one ;; ??) echo two ;; esac
