#include <bits/stdc++.h>
using namespace std;
int main() {
    string cmd;
    cin >> cmd;
    if (cmd == "add") { long long a, b; cin >> a >> b; cout << a + b << endl; return 0; }
    if (cmd == "loop") { volatile unsigned long x = 0; for (;;) x = x + 1; }
    if (cmd == "mem") {
        int mb; cin >> mb;
        vector<vector<char>> keep;
        long sum = 0;
        for (int i = 0; i < mb; i++) { keep.emplace_back(1 << 20, char(i | 1)); sum += keep.back()[i]; }
        cout << sum << endl;
        return 0;
    }
    if (cmd == "exit") return 3;
    return 2;
}
