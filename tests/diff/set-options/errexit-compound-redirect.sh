# A failed redirection of a compound command triggers set -e.
set -e
if true; then :; fi < /nonexistent || echo handled
{ cat; } < /nonexistent
echo not reached
