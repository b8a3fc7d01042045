case foo in
  (foo) echo "leading paren ok" ;;
esac
v=$(case b in (a) echo A;; (b) echo B;; esac); echo "$v"
