const d = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/);
if (d[0] === 'add') console.log(String(BigInt(d[1]) + BigInt(d[2])));
else if (d[0] === 'loop') { let x = 0; for (;;) x = (x + 1) | 0; }
else if (d[0] === 'mem') { const keep = []; for (let i = 0; i < +d[1]; i++) keep.push(new Array(1 << 17).fill(i)); console.log(keep.length); }
else if (d[0] === 'exit') process.exit(3);
