printf 'YW*Jj\r\n' | base64 -di; echo "[$?]"
printf '#YWJj ZGVm!' | base64 --ignore-garbage -d; echo "[$?]"
printf 'YW=Jj' | base64 -d -i; echo "[$?]"
