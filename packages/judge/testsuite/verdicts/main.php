<?php
$d = preg_split('/\s+/', trim(stream_get_contents(STDIN)));
if ($d[0] === 'add') { echo intval($d[1]) + intval($d[2]), "\n"; exit(0); }
if ($d[0] === 'loop') { $x = 0; while (true) $x = ($x + 1) & 0xffffff; }
if ($d[0] === 'mem') {
    $keep = [];
    for ($i = 0; $i < intval($d[1]); $i++) $keep[] = str_repeat(chr(($i | 1) & 255), 1 << 20);
    echo count($keep), "\n";
    exit(0);
}
if ($d[0] === 'exit') exit(3);
exit(2);
