p='a*'
case abc in $p) echo "unquoted var globs";; esac
case abc in "$p") echo no;; *) echo "quoted var literal";; esac
case 'a*' in "$p") echo "literal match";; esac
case 'x?' in x\?) echo "escaped ?";; esac
case yes in y|Y|yes|YES) echo affirmative;; esac
