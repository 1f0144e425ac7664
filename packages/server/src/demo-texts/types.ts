/**
 * The shape of the demo content's words in one language. Each language is one module
 * (`en-US.ts`, `zh-CN.ts`, …) typed as `DemoTexts`, so a key missing in one language fails the
 * typecheck. Ids, usernames, test data and code are not here: they are the same on every site.
 */

/** The demo problems' ids (seed-problems.ts holds their data, cases and solutions). */
export type DemoProblemId = 'P1000' | 'P1001' | 'P1002' | 'P1003' | 'P1004' | 'P1005' | 'P1006' | 'P1007' | 'P1008' | 'P1009' | 'P1010' | 'P1011' | 'P1012';

/** A statement's words; Markdown and `$…$` maths as the problem page renders them. */
export interface DemoProblemText {
  title: string;
  description: string;
  input: string;
  output: string;
  /** '' for none */
  hint: string;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface DemoDiscussionText extends TitledText {
  content: string;
  comments: string[];
}

export interface DemoTexts {
  /** The welcome announcement of a new site. */
  welcome: { title: string; content: string };
  problems: Record<DemoProblemId, DemoProblemText>;
  contests: {
    acm: TitledText;
    oi: TitledText;
    /** Its description names the password, which is always "demo". */
    protected: TitledText;
    awards: { gold: string; silver: string; bronze: string };
  };
  trainings: {
    categories: { beginner: string; algorithms: string };
    gettingStarted: TitledText;
    classic: TitledText;
    private: { title: string; description: (password: string) => string };
  };
  /** Posted in the default categories of migration 0010 (题解, 闲聊, 建议), whose names the web translates. */
  discussions: { solution: DemoDiscussionText; chat: DemoDiscussionText; ideas: DemoDiscussionText };
  groups: {
    club: { name: string; brief: string; description: string };
    klass: { name: string; brief: string; description: string };
    /** The reason demo_bob's pending application to the class gives. */
    applyReason: string;
    warmupCategory: string;
    clubTraining: TitledText;
    quiz: TitledText;
  };
}

/** The A + B code the solution discussion shows; the same in every language. */
export const A_PLUS_B_CODE =
  '```cpp\n#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << "\\n";\n}\n```\n\n' +
  '```python\na, b = map(int, input().split())\nprint(a + b)\n```';
