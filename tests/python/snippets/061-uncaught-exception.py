def parse(s):
    return int(s)
def main():
    vals = ["1", "2", "three"]
    print(sum(parse(v) for v in vals[:2]))
    return [parse(v) for v in vals]
main()
