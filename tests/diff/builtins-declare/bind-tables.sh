# `bind` without line editing: readline's default emacs keymap, functions and variables can be
# listed, queried and changed (each call warns that line editing is not enabled).
export LC_ALL=C.UTF-8  # readline's defaults depend on the locale (\M- keys in C)
bind -l | wc -l; bind -l | head -3
# (Counts of the whole tables depend on the terminal: arrow keys come from terminfo.)
bind -p | head -5; bind -p | grep -F -e yank -e vi-subst -e transpose-chars
bind -P | head -4; bind -P | grep -F -e yank -e vi-subst -e kill-word
bind -v | head -3; bind -V | grep blink-matching-paren | tr '`' "'"
bind -q yank; echo "st=$?"; bind -q vi-subst; echo "st=$?"; bind -q zz-bad; echo "st=$?"
bind '"\C-o\C-s": yank'; bind -q yank; bind -r '\C-o\C-s'; bind -q yank
bind -x '"\C-o\C-t": echo foo'; bind -X; bind -r '\C-o\C-t'; bind -X; echo "st=$?"
bind -m vi -x '"\C-a": echo vi'; bind -m vi -X; bind -X | wc -l
bind 'set blink-matching-paren on'; bind -v | grep blink-matching
bind -u yank; bind -q yank; echo "st=$?"
bind -s; bind -S; echo "st=$?"
bind -m nosuch -p; echo "st=$?"
bind -k 2>&1 | head -1; echo "st=$?"
