echo hi | sum - 
echo hi | sum -s -
