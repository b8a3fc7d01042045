# case mappings of single characters (towupper/towlower), as bash in a UTF-8 locale
LC_ALL=C.UTF-8
x=ß; echo ${x^} ${x^^} ${x,} ${x,,} ${x@U} ${x@u}
y=ǅ; echo ${y^^} ${y,,} ${y~~} ${y~} ${y@L}
z=ŉ; echo ${z^^}; w=ﬁ; echo ${w^^}
s=ΣΑΣ; echo ${s,,} ${s@L}
declare -u u=straße; echo $u
declare -l l=ǅΣ; echo $l
m="aÄbß"; echo ${m~~}
