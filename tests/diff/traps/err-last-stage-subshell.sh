# A failing `( list )` as the last stage of a pipeline runs the ERR trap in the stage as well as
# for the pipeline, as bash does (only the last stage; not in conditions).
trap "echo ERR \$?" ERR
echo a; true | (false)
echo b; (false) | true
echo c; (false)
echo d; true | (exit 3)
echo e; true | (false) || true
echo f; ! true | (false)
echo g; true | ( false; true )
echo h; f() { true | (false); }; f
echo i; true | (false) | (false)
echo j; x=$(true | (false))
echo k; if true | (false); then :; fi
echo l; true | { false; }
set -E
echo m; g() { true | (false); }; g
