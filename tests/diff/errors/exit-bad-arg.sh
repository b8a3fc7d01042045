echo before
exit abc
echo after
