d = $stdin.read.split
case d[0]
when 'add' then puts d[1].to_i + d[2].to_i
when 'loop'
  x = 0
  loop { x = (x + 1) & 0xffffff }
when 'mem'
  keep = []
  d[1].to_i.times { |i| keep << (((i | 1) & 255).chr * (1 << 20)) }
  puts keep.size
when 'exit' then exit 3
else exit 2
end
