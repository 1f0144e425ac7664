/** The hack tests' A+B kit: a testlib validator of two 64-bit integers, so a 32-bit sum can be hacked. */
export const aPlusBValidator = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerValidation(argc, argv);
  inf.readLong(-1000000000000LL, 1000000000000LL, "a");
  inf.readSpace();
  inf.readLong(-1000000000000LL, 1000000000000LL, "b");
  inf.readEoln();
  inf.readEof();
}
`;
