e=""; u=
args() { echo $#; }
args $e $u
args "$e" "$u"
args ${e:-} "${u:-}"
arr=(); args "${arr[@]}"; args "${arr[*]}"
args $e"" ""$u
