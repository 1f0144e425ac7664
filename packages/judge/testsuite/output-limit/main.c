/* Writes far more than the output limit allows, then would exit normally. */
#include <stdio.h>
#include <string.h>
int main(void) {
  char line[1024];
  memset(line, 'x', sizeof line - 1);
  line[sizeof line - 1] = 0;
  for (int i = 0; i < 1 << 16; i++) puts(line);
  return 0;
}
