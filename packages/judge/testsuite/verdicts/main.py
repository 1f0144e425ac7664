import sys
d = sys.stdin.read().split()
if d[0] == 'add':
    print(int(d[1]) + int(d[2]))
elif d[0] == 'loop':
    x = 0
    while True:
        x += 1
elif d[0] == 'mem':
    keep = [bytearray(b'\x01' * (1 << 20)) for _ in range(int(d[1]))]
    print(len(keep))
elif d[0] == 'exit':
    sys.exit(3)
