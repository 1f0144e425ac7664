program main;
uses SysUtils;
var
  line, cmd, rest: string;
  x: int64;
  mb, i, sp: longint;
  p: pointer;
begin
  readln(line);
  line := Trim(line);
  sp := Pos(' ', line);
  if sp = 0 then begin cmd := line; rest := ''; end
  else begin cmd := Copy(line, 1, sp - 1); rest := Trim(Copy(line, sp + 1, Length(line))); end;
  if cmd = 'add' then
  begin
    sp := Pos(' ', rest);
    writeln(StrToInt64(Copy(rest, 1, sp - 1)) + StrToInt64(Trim(Copy(rest, sp + 1, Length(rest)))));
    halt(0);
  end;
  if cmd = 'loop' then begin x := 0; while x >= 0 do x := (x + 1) and $ffffff; end;
  if cmd = 'mem' then
  begin
    mb := StrToInt(rest);
    for i := 1 to mb do begin GetMem(p, 1 shl 20); FillChar(p^, 1 shl 20, i or 1); end;
    writeln(mb);
    halt(0);
  end;
  if cmd = 'exit' then halt(3);
  halt(2);
end.
