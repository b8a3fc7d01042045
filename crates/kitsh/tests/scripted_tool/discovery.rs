//! `help` and `discover` inside scripts (ST-18..ST-23), over the e-commerce tools.

use crate::common::{out, tool};

#[test]
fn help_lists_and_describes() {
    let t = tool();
    let list = "get_user         Fetch user by ID\nlist_orders      List orders for a user\nget_inventory    Stock level of a SKU\ncreate_discount  Create a discount code\nupper            Upper-case stdin\necho_args        Print the parsed arguments\nfail_tool        Always fails\npanic_tool       Always panics\n";
    assert_eq!(out(&t, "help").0, list);
    assert_eq!(out(&t, "help --list").0, list);
    assert_eq!(
        out(&t, "help get_user"),
        ("get_user - Fetch user by ID\nUsage: get_user --id <integer>\nFlags:\n  --id <integer>  (required) User ID\nCategory: users\nTags: read\n".into(), String::new(), 0)
    );
    assert_eq!(out(&t, "help upper").0, "upper - Upper-case stdin\nUsage: upper [--key value ...]\n");
    let j = out(&t, "help get_user --json").0;
    assert!(j.starts_with("{\n  \"name\": \"get_user\",\n  \"description\": \"Fetch user by ID\",\n  \"category\": \"users\",\n  \"tags\": [\n    \"read\"\n  ],\n  \"input_schema\": {"), "{j}");
    assert_eq!(out(&t, "help --list --json | jq -r '.[0].name, (.[4] | has(\"category\"))'").0, "get_user\nfalse\n");
    assert_eq!(out(&t, "help nope; echo $?"), ("1\n".into(), "help: unknown tool: nope\n".into(), 0));
    assert_eq!(out(&t, "help --bogus; echo $?"), ("2\n".into(), "usage: help [--list] [TOOL] [--json]\n".into(), 0));
}

#[test]
fn discover_filters_by_category_tag_and_text() {
    let t = tool();
    assert_eq!(out(&t, "discover --categories").0, "inventory (1 tool)\norders (2 tools)\nusers (1 tool)\nuncategorized (4 tools)\n");
    assert_eq!(out(&t, "discover --categories --json | jq -c '.[0]'").0, "{\"category\":\"inventory\",\"count\":1}\n");
    assert_eq!(out(&t, "discover --category orders").0, "list_orders      List orders for a user\ncreate_discount  Create a discount code\n");
    assert_eq!(out(&t, "discover --category uncategorized | wc -l").0, "4\n");
    assert_eq!(out(&t, "discover --tag write").0, "create_discount  Create a discount code\n");
    assert_eq!(out(&t, "discover --search ORDER").0, "list_orders      List orders for a user\ncreate_discount  Create a discount code\n");
    assert_eq!(out(&t, "discover --search zzz; echo $?"), ("1\n".into(), "discover: no matching tools\n".into(), 0));
    assert_eq!(out(&t, "discover --search zzz --json").0, "[]\n");
    let usage = "usage: discover --categories | --category NAME | --tag TAG | --search TEXT [--json]\n";
    for bad in ["discover", "discover --tag", "discover --tag a --search b", "discover --categories extra"] {
        assert_eq!(out(&t, &format!("{bad}; echo $?")), ("2\n".into(), usage.into(), 0), "{bad}");
    }
}

#[test]
fn a_model_can_explore_then_call() {
    let script = r#"
for name in $(discover --category orders --json | jq -r '.[].name'); do
  help "$name" --json | jq -r '"\(.name): \(.input_schema.required | join(","))"'
done
"#;
    assert_eq!(out(&tool(), script).0, "list_orders: user_id\ncreate_discount: user_id,pct\n");
}
