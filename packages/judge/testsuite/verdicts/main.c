#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    char cmd[16];
    if (scanf("%15s", cmd) != 1) return 2;
    if (!strcmp(cmd, "add")) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\n", a + b); return 0; }
    if (!strcmp(cmd, "loop")) { volatile unsigned long x = 0; for (;;) x++; }
    if (!strcmp(cmd, "mem")) {
        int mb; scanf("%d", &mb);
        char **keep = malloc(sizeof(char *) * mb);
        long sum = 0;
        for (int i = 0; i < mb; i++) { keep[i] = malloc(1 << 20); memset(keep[i], i | 1, 1 << 20); sum += keep[i][i]; }
        printf("%ld\n", sum);
        return 0;
    }
    if (!strcmp(cmd, "exit")) return 3;
    return 2;
}
