import csv, io
text = "name,age,city\nann,31,Paris\nbob,25,\"New York, NY\"\n"
for row in csv.reader(io.StringIO(text)):
    print(row)
