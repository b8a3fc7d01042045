printf 'x' > target; ln -s target link
touch -d '2023-06-01 12:00' target
touch -h -d '2023-06-05 12:00' link
ls -l --full-time target | awk '{print $6, $7}'
ls -lt --full-time link target | awk '{print $9}'
