class ValidationError(Exception):
    pass
def validate(rec):
    if "id" not in rec:
        raise ValidationError(f"missing id in {rec!r}")
    return rec["id"]
records = [{"id": 1}, {"name": "x"}]
for r in records:
    print("id", validate(r))
