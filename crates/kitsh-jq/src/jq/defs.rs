//! Definitions that make jaq's standard library behave as jq 1.8's: builtins jaq lacks
//! (`@csv`, `@tsv`, `@base32`, `tostream`, `INDEX`, `getpath`-based helpers, dates), and jq's
//! own definitions where jaq's differ (`walk` is post-order in jq, `env` is the script's
//! environment, `debug`/`stderr`/`halt_error` write to the command's stderr).

/// jq-language definitions loaded after jaq's standard library (later definitions win).
pub const DEFS: &str = r#"
def _jaq_limit($n; f): limit($n; f);
def _jaq_skip($n; f): skip($n; f);
def _jaq_flatten($d): flatten($d);
def _jaq_flatten0: flatten;
def _jaq_keys_unsorted: keys_unsorted;
def _jaq_explode: explode;
def _jaq_ascii_downcase: ascii_downcase;
def _jaq_ascii_upcase: ascii_upcase;
def _jaq_startswith($s): startswith($s);
def _jaq_endswith($s): endswith($s);
def _jaq_contains($b): contains($b);
def _jaq_sort_by(f): sort_by(f);
def _jaq_group_by(f): group_by(f);
def _jaq_unique_by(f): unique_by(f);
def _jaq_min_by(f): min_by(f);
def _jaq_max_by(f): max_by(f);
def _jaq_min: min;
def _jaq_max: max;
def _jaq_gmtime: gmtime;
def _jaq_localtime: localtime;
def _jaq_trim: trim;
def _jaq_ltrim: ltrim;
def _jaq_rtrim: rtrim;
def _jaq_utf8bytelength: utf8bytelength;
def _jaq_strftime($f): strftime($f);
def _jaq_strflocaltime($f): strflocaltime($f);
def _jaq_mktime: mktime;
def _jaq_bsearch($t): bsearch($t);
def _jaq_getpath($p): getpath($p);
def _jaq_has($k): has($k);
def _jaq_range($f; $t; $b): range($f; $t; $b);
def range($f; $t; $b): _jaq_range($f; $t; $b) | _kitsh_tick;
def range($f; $t): range($f; $t; 1);
def range($t): range(0; $t; 1);
def repeat(f): def _repeat: _kitsh_tick | (., (f | _repeat)); _repeat;
def recurse(f): def r: _kitsh_tick | (., (f | r)); r;
def recurse(f; cond): def r: _kitsh_tick | (., (f | select(cond) | r)); r;
def recurse: recurse(.[]?);
def while(cond; update): def _w: _kitsh_tick | if cond then ., (update | _w) else empty end; _w;
def until(cond; update): def _u: _kitsh_tick | if cond then . else (update | _u) end; _u;
def env: $ENV;
def _tm($name): if type == "number" then . else _kitsh_timegm // error("\($name) requires parsed datetime inputs") end;
def strftime($f): if ($f|type) != "string" then error("strftime/1 requires a string format") else _tm("strftime/1") | _jaq_strftime($f) end;
def strflocaltime($f): if ($f|type) != "string" then error("strflocaltime/1 requires a string format") else _tm("strflocaltime/1") | _jaq_strflocaltime($f) end;
def mktime: if type != "array" then error("mktime requires array inputs") else _tm("mktime") | _jaq_mktime end;
def gmtime: if type == "number" then _jaq_gmtime else error("gmtime() requires numeric inputs") end;
def localtime: if type == "number" then _jaq_localtime else error("localtime() requires numeric inputs") end;
def bsearch($t): if type != "array" then error("\(_kitsh_describe) cannot be searched from") else _jaq_bsearch($t) end;
def _kitsh_deep($p): ($p|type) == "array" and ($p|length) > 10000;
def getpath($p): if ($p|type) != "array" then error("Path must be specified as an array")
  elif _kitsh_deep($p) then error("Path too deep") else _jaq_getpath($p) end;
def setpath($p; $v): if _kitsh_deep($p) then error("Path too deep") else _kitsh_setpath($p; $v) end;
def delpaths($ps): if ($ps|type) != "array" then error("Paths must be specified as an array")
  elif any($ps[]; _kitsh_deep(.)) then error("Path too deep") else _kitsh_delpaths($ps) end;
def del(f): delpaths([path(f)]);
def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));
def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];
def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];
def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] | join_expr;
def limit($n; f): if $n < 0 then error("limit doesn't support negative count") else _jaq_limit($n; f) end;
def skip($n; f): if $n < 0 then error("skip doesn't support negative count") else _jaq_skip($n; f) end;
def nth($n): .[$n];
def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
def flatten($d): if $d < 0 then error("flatten depth must not be negative")
  elif type == "array" then _jaq_flatten($d) else [.[]] | _jaq_flatten($d) end;
def flatten: if type == "array" then _jaq_flatten0 else [.[]] | _jaq_flatten0 end;
def trim: if type == "string" then _jaq_trim else error("trim input must be a string") end;
def ltrim: if type == "string" then _jaq_ltrim else error("trim input must be a string") end;
def rtrim: if type == "string" then _jaq_rtrim else error("trim input must be a string") end;
def utf8bytelength: if type == "string" then _jaq_utf8bytelength else error("\(_kitsh_describe) only strings have UTF-8 byte length") end;
def implode: _kitsh_implode;
def _jaq_sort: sort;
def _jaq_unique: unique;
def sort: if type == "array" then _kitsh_sort else error("\(_kitsh_describe) cannot be sorted, as it is not an array") end;
def unique: if type == "array" then _kitsh_unique else error("\(_kitsh_describe) cannot be sorted, as it is not an array") end;
def _kitsh_by(f; $msg): if type == "array" then . else map([f]) as $k | error("\(_kitsh_describe) and \($k|_kitsh_describe) \($msg)") end;
def sort_by(f): _kitsh_by(f; "cannot be sorted, as they are not both arrays") | _jaq_sort_by(f);
def group_by(f): _kitsh_by(f; "cannot be sorted, as they are not both arrays") | _jaq_group_by(f);
def unique_by(f): _kitsh_by(f; "cannot be sorted, as they are not both arrays") | _jaq_unique_by(f);
def min_by(f): _kitsh_by(f; "cannot be iterated over") | _jaq_min_by(f);
def max_by(f): _kitsh_by(f; "cannot be iterated over") | _jaq_max_by(f);
def min: if type == "array" then _jaq_min else error("\(_kitsh_describe) and \(_kitsh_describe) cannot be iterated over") end;
def max: if type == "array" then _jaq_max else error("\(_kitsh_describe) and \(_kitsh_describe) cannot be iterated over") end;
def keys_unsorted: if type == "object" or type == "array" then _jaq_keys_unsorted else error("\(_kitsh_describe) has no keys") end;
def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def explode: if type == "string" then _jaq_explode else error("explode input must be a string") end;
def ascii_downcase: if type == "string" then _jaq_ascii_downcase else error("explode input must be a string") end;
def ascii_upcase: if type == "string" then _jaq_ascii_upcase else error("explode input must be a string") end;
def startswith($s): if type == "string" and ($s|type) == "string" then _jaq_startswith($s) else error("startswith() requires string inputs") end;
def endswith($s): if type == "string" and ($s|type) == "string" then _jaq_endswith($s) else error("endswith() requires string inputs") end;
def contains($b): if type == ($b|type) and (type != "boolean" or . == $b) then _jaq_contains($b)
  else error("\(_kitsh_describe) and \($b|_kitsh_describe) cannot have their containment checked") end;
def inside(xs): . as $x | xs | contains($x);
def tonumber: if type == "number" then . elif type == "string" then _kitsh_tonumber else error("\(_kitsh_describe) cannot be parsed as a number") end;
def toboolean: if type == "boolean" then . elif . == "true" then true elif . == "false" then false else error("\(_kitsh_describe) cannot be parsed as a boolean") end;
def splits($re): splits($re; null);
def has($k): if ($k|type) == "number" and ($k|isnan) then false
  elif (type == "object" and ($k|type) != "string") or (type == "array" and ($k|type) != "number")
    or (type != "object" and type != "array" and type != "null")
  then error("Cannot check whether \(type) has a \($k|type) key") else _jaq_has($k) end;
def _strindices($i): if type != "string" then error("\(_kitsh_describe) cannot be searched, as it is not a string")
  elif ($i|type) != "string" then error("\($i|_kitsh_describe) is not a string") else indices($i) end;

def tojson: _kitsh_tojson;
def tostring: if type == "string" then . else _kitsh_tojson end;
def fromjson: _kitsh_fromjson;
def @json: _kitsh_tojson;
def @sh: [if type == "array" then .[] end
  | if type == "string" then "'\(escape_sh)'"
    elif type == "object" or type == "array" then error("\(_kitsh_describe) can not be escaped for shell")
    else "\(.)" end] | join(" ");
def @text: tostring;
def debug: (_kitsh_debug | empty), .;
def debug(msg): ((msg | _kitsh_debug | empty), .);
def stderr: (_kitsh_stderr | empty), .;
def halt_error($code): (if . == null then empty else _kitsh_halt_msg | empty end), halt($code);
def halt_error: halt_error(5);
def modulemeta: _kitsh_modulemeta;
def input_filename: _kitsh_input_filename;
def input_line_number: _kitsh_input_line_number;
def input: _kitsh_input;
def inputs: _kitsh_inputs;
def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
def leaf_paths: paths(scalars);
def toarray: if type == "array" then . else [.] end;
def have_literal_numbers: true;
def have_decnum: true;
def ascii: [.] | implode;
def tostream: path(def r: (.[]?|r), .; r) as $p | getpath($p) | reduce path(.[]?) as $q ([$p, .]; [$p+$q]);
def fromstream(f): { x: null, e: false } as $init
  | foreach f as $i ($init;
      if .e then $init else . end
      | if $i | length == 2
        then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
        else setpath(["e"]; $i[0] | length == 1) end;
      if .e then .x else empty end);
def truncate_stream(stream): . as $n | null | stream | . as $input
  | if (.[0]|length) > $n then setpath([0];.[0][$n:]) else empty end;
def from_entries: reduce .[] as $x ({};
    . + { ($x | .key // .Key // .name // .Name): ($x | if has("value") then .value else .Value end) });
def with_entries(f): to_entries | map(f) | from_entries;
def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row|idx_expr|tostring] |= $row);
def INDEX(idx_expr): INDEX(.[]; idx_expr);
def IN(s): any(s == .; .);
def IN(src; s): any(src == s; .);
def GROUP_BY(f): group_by(f);
def UNIQUE_BY(f): [group_by(f)[] | .[0]];
def ANY: any;
def ALL: all;
def dateadd(u; n): . + n;
def datesub(u; n): . - n;
def date: todate;
def todate: strftime("%Y-%m-%dT%H:%M:%SZ");
def fromdate: fromdateiso8601;
def @csv:
  if type != "array" then error("\(_kitsh_describe) cannot be csv-formatted, only array")
  else map(if type == "string" then "\"" + (split("\"") | join("\"\"")) + "\""
           elif type == "number" and isnan then ""
           elif type == "number" or type == "boolean" then tojson
           elif . == null then ""
           else error("\(_kitsh_describe) is not valid in a csv row") end)
    | join(",") end;
def @tsv:
  if type != "array" then error("\(_kitsh_describe) cannot be tsv-formatted, only array")
  else map(if type == "string" then split("\\") | join("\\\\") | split("\t") | join("\\t")
                | split("\n") | join("\\n") | split("\r") | join("\\r")
           elif type == "number" and isnan then ""
           elif type == "number" or type == "boolean" then tojson
           elif . == null then ""
           else error("\(_kitsh_describe) is not valid in a csv row") end)
    | join("\t") end;
def match($re; $flags): _kitsh_match($re; $flags)[];
def match($val): ($val|type) as $t | if $t == "string" then match($val; null)
  elif $t == "array" and ($val|length) > 1 then match($val[0]; $val[1])
  elif $t == "array" and ($val|length) > 0 then match($val[0]; null)
  else error($t + " not a string or array") end;
def test($re; $flags): _kitsh_test($re; $flags);
def test($val): ($val|type) as $t | if $t == "string" then test($val; null)
  elif $t == "array" and ($val|length) > 1 then test($val[0]; $val[1])
  elif $t == "array" and ($val|length) > 0 then test($val[0]; null)
  else error($t + " not a string or array") end;
def _kitsh_capture_object: [.captures[] | select(.name != null) | {key: .name, value: .string}] | from_entries;
def capture($re; $flags): match($re; $flags) | _kitsh_capture_object;
def capture($val): ($val|type) as $t | if $t == "string" then capture($val; null)
  elif $t == "array" and ($val|length) > 1 then capture($val[0]; $val[1])
  elif $t == "array" and ($val|length) > 0 then capture($val[0]; null)
  else error($t + " not a string or array") end;
def scan($re; $flags): match($re; "g" + ($flags // ""))
  | if (.captures|length) > 0 then [.captures[].string] else .string end;
def scan($re): scan($re; null);
def sub($re; str; $flags): . as $in
  | (reduce match($re; $flags) as $m ({res: [], prev: 0};
        $in[.prev:$m.offset] as $gap
        | [$m | _kitsh_capture_object | str] as $ins
        | .res as $r
        | .res = [range(0; [($r|length), ($ins|length)] | max) as $i
                  | if $i < ($ins|length) then ($r[$i] // "") + $gap + $ins[$i] else $r[$i] end]
        | .prev = ($m.offset + $m.length))
     | .res[] + $in[.prev:]) // $in;
def sub($re; str): sub($re; str; "");
def gsub($re; str; $flags): sub($re; str; ($flags // "") + "g");
def gsub($re; str): sub($re; str; "g");
def @base64d: tostring | _kitsh_base64d;
def @urid: tostring | _kitsh_urid;
def @base32: tostring | _kitsh_base32;
def @base32d: tostring | _kitsh_base32d;
def ltrimstr($x): if type == "string" and ($x|type) == "string" then (if startswith($x) then .[($x|length):] end) else error("startswith() requires string inputs") end;
def rtrimstr($x): if type == "string" and ($x|type) == "string" then (if endswith($x) and ($x|length) > 0 then .[:length - ($x|length)] end) else error("endswith() requires string inputs") end;
def trimstr($x): ltrimstr($x) | rtrimstr($x);
def add(f): reduce f as $x (null; . + $x);
def add: add(.[]);
def join($x): reduce .[] as $i (null; (if . == null then "" else . + $x end) + ($i | if . == null then "" elif type == "boolean" or type == "number" then tojson else . end)) // "";
def finites: select(isinfinite or isnan | not);
def builtins: _kitsh_builtins;
def splits($re; flags): if type == "string" then split($re; flags) | .[] else error("\(_kitsh_describe) cannot be matched, as it is not a string") end;
def splits($re): splits($re; null);
def keys: if type == "object" or type == "array" then keys_unsorted | sort else error("\(_kitsh_describe) has no keys") end;
def abs: if type == "number" and . < 0 then - . else . end;
def _kitsh_set(paths; $v): . as $in | try (paths |= $v) catch ($in | reduce path(paths) as $p (.; setpath($p; $v)));
def _kitsh_first_or_tomb(f): label $out | (f | ., break $out), _kitsh_tomb;
def _kitsh_modify(paths; f): . as $in | _kitsh_tombs as $n
  | try (paths |= _kitsh_first_or_tomb(f))
    catch ($in | reduce path(paths) as $p (.; setpath($p; getpath($p) | _kitsh_first_or_tomb(f))))
  | if _kitsh_tombs > $n then _kitsh_purge else . end;
def _kitsh_add(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . + $v);
def _kitsh_sub(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . - $v);
def _kitsh_mul(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . * $v);
def _kitsh_div(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . / $v);
def _kitsh_mod(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . % $v);
def _kitsh_alt(paths; r): . as $in | r as $v | $in | _kitsh_modify(paths; . // $v);
"#;

/// The names jq 1.8's `builtins` lists (a representative subset, `name/arity`).
pub const BUILTINS: &[&str] = &[
    "length/0", "utf8bytelength/0", "not/0", "keys/0", "keys_unsorted/0", "values/0", "has/1", "in/1", "map/1",
    "map_values/1", "path/1", "del/1", "getpath/1", "setpath/2", "delpaths/1", "to_entries/0", "from_entries/0",
    "with_entries/1", "select/1", "recurse/0", "recurse/1", "recurse/2", "env/0", "transpose/0", "input/0",
    "inputs/0", "debug/0", "debug/1", "stderr/0", "input_filename/0", "input_line_number/0", "splits/1",
    "splits/2", "sub/2", "sub/3", "gsub/2", "gsub/3", "test/1", "test/2", "match/1", "match/2", "capture/1",
    "capture/2", "scan/1", "scan/2", "split/1", "split/2", "ascii_downcase/0", "ascii_upcase/0", "ltrimstr/1",
    "rtrimstr/1", "trim/0", "ltrim/0", "rtrim/0", "startswith/1", "endswith/1", "explode/0", "implode/0",
    "join/1", "ascii/0", "tojson/0", "fromjson/0", "tostring/0", "tonumber/0", "type/0", "add/0", "add/1",
    "any/0", "any/1", "any/2", "all/0", "all/1", "all/2", "flatten/0", "flatten/1", "range/1", "range/2",
    "range/3", "floor/0", "sqrt/0", "pow/2", "log/1", "min/0", "max/0", "min_by/1", "max_by/1", "unique/0",
    "unique_by/1", "group_by/1", "sort/0", "sort_by/1", "reverse/0", "contains/1", "inside/1", "indices/1",
    "index/1", "rindex/1", "paths/0", "paths/1", "leaf_paths/0", "limit/2", "first/0", "first/1", "last/0",
    "last/1", "nth/1", "nth/2", "until/2", "while/2", "repeat/1", "isempty/1", "error/0", "error/1", "halt/0",
    "halt_error/0", "halt_error/1", "walk/1", "env/0", "builtins/0", "splits/1", "tostream/0", "fromstream/1",
    "truncate_stream/1", "getpath/1", "combinations/0", "combinations/1", "todate/0", "fromdate/0", "now/0",
    "mktime/0", "gmtime/0", "localtime/0", "strftime/1", "strptime/1", "strflocaltime/1", "dateadd/2",
    "datesub/2", "date/0", "todateiso8601/0", "fromdateiso8601/0", "INDEX/1", "INDEX/2", "IN/1", "IN/2",
    "pick/1", "abs/0", "modulemeta/0", "toarray/0", "have_literal_numbers/0", "have_decnum/0", "significand/0", "infinite/0",
    "nan/0", "isinfinite/0", "isnan/0", "isnormal/0", "isvalid/1", "ltrimstr/1", "splits/2", "tojson/0",
    "getpath/1", "input_line_number/0", "$__loc__/0", "min_by/1", "to_number/0", "objects/0", "arrays/0",
    "strings/0", "numbers/0", "booleans/0", "nulls/0", "iterables/0", "scalars/0", "empty/0",
];
