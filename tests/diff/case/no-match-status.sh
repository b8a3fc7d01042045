false
case x in y) echo y;; esac
echo "rc=$?"
case x in x) false;; esac
echo "rc=$?"
case x in x) ;; esac; echo "rc=$?"
