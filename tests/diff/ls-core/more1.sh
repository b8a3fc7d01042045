mkdir -p t/dir; printf '12345' > t/five; printf '1' > t/one; : > t/zero; printf '%02000d' 0 > t/big; ln -s five t/link; chmod +x t/one
touch -d '2023-06-01 12:00' t/five; touch -d '2023-06-02 12:00' t/one; touch -d '2023-06-03 12:00' t/zero; touch -d '2023-06-04 12:00' t/big; touch -d '2023-05-01 12:00' t/dir
ls t
ls -F t
ls -t t
ls -lt t | awk 'NR>1{print $9}'
ls -S t
ls -Sr t
ls -l t | awk '{print $1, $5, $9, $10, $11}'
ls -lh t/big | awk '{print $5}'
ls -l --full-time t/five | awk '{print $6, $7}'
ls -1 t/dir t/five
ls t/nonexist t/five; echo $?
ls -d t/*/
ls -ld t/link | awk '{print $1, $9, $10, $11}'
ls -L -l t/link | awk '{print $1, $5}'
ls -R t
ls -a t/dir
ls -A t/dir
ls -1p t
ls -X t
ls -v t
ls --group-directories-first t
ls -i t/five >/dev/null; echo $?
ls -n t/five | awk '{print $1}'
ls -lS t | awk 'NR>1{print $5, $9}'
ls -ltr t | awk 'NR>1{print $9}'
ls -l t | head -1
cd t && ls -l | head -1 && ls -Q && ls -b && ls --color=never -1 && ls -c1 >/dev/null && ls -U >/dev/null && echo ok
