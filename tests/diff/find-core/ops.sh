mkdir -p p/q; touch p/x.c p/y.h p/q/z.c
find p -name '*.c' -exec echo found {} \; | sort
find p -name '*.c' -exec echo {} + | tr ' ' '\n' | sort
find p -type f -name '*.c' | xargs -n1 basename | sort
find p -type f -mtime -1 | sort
find p -type f -mmin +60 | sort
find p -regex '.*\.[ch]' | sort
find p -name 'q' -type d -prune -o -print | sort
find p -depth -type d
find p -name '*.c' -print -quit | wc -l
find p -links 1 -type f | wc -l
find p -perm -u+r -type f | wc -l
find p -user nonexistent_user_x; echo $?
find -name x.c
find p -type x; echo $?
