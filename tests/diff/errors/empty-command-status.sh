# A command whose words expand to nothing has the status of its last command substitution.
`false`; echo $?
$(true); echo $?
x=1 $(false); echo $?
$(false) $(true); echo $?
x=$(true) $(false); echo $?
x=$(false) $(true); echo $?
if `false`; then echo TRUE; else echo FALSE; fi
