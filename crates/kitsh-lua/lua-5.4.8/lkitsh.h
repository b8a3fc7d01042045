#ifndef lkitsh_h
#define lkitsh_h

#include "lua.h"

/*
** kitsh: work that the string and table libraries do in C loops, where the
** instruction-count hook never fires ('("a"):rep(1e5):find(".-.-.-b")' ran for hours,
** 'table.move({}, 1, 1e12, 1)' and 'table.remove(t, 1)' in a loop too). That work is
** counted in steps (a pattern item tried at a position, 64 bytes compared, an element
** moved) and charged to the embedder: every KITSH_TICK steps, and for the rest at the
** end of a call when it is at least KITSH_FLUSH steps, the function stored in the
** registry under "kitsh.match_tick" (when there is one) is called with the number of
** steps; it raises an error when the state's budget is spent. Without that function
** nothing changes.
*/
#define KITSH_TICK	10000
#define KITSH_FLUSH	256

static void kitsh_call_tick (lua_State *L, size_t n) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, "kitsh.match_tick") == LUA_TFUNCTION) {
    lua_pushinteger(L, (lua_Integer)n);
    lua_call(L, 1, 0);
  }
  else
    lua_pop(L, 1);
}

/* add 'n' steps to '*steps'; charge them in units of KITSH_TICK */
static void kitsh_charge (lua_State *L, size_t *steps, size_t n) {
  *steps += n;
  if (l_unlikely(*steps >= KITSH_TICK)) {
    size_t whole = *steps - *steps % KITSH_TICK;
    *steps -= whole;
    kitsh_call_tick(L, whole);
  }
}

/* at the end of a call: charge what is left if it is worth a call */
static void kitsh_flush (lua_State *L, size_t *steps) {
  if (*steps >= KITSH_FLUSH)
    kitsh_call_tick(L, *steps);
  *steps = 0;
}

#endif
