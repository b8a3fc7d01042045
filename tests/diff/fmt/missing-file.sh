echo hi > a
fmt a nope a; echo "st=$?"
fmt nope; echo "st=$?"
