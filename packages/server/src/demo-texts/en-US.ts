import { A_PLUS_B_CODE, type DemoTexts } from './types.js';

export const enUS: DemoTexts = {
  welcome: {
    title: 'Welcome to the Online Judge',
    content:
      '## Welcome!\n\nRegister an account, pick a problem and submit your code: verdicts come back within seconds.\n\n' +
      '- Languages: C, C++, Java, Python and more\n- Contests in ACM and OI rules\n- Trainings, discussions and groups\n',
  },
  problems: {
    P1000: {
      title: 'A + B Problem',
      description: 'Calculate $a + b$.',
      input: 'Two integers $a$ and $b$ ($|a|, |b| \\le 10^9$) on one line.',
      output: 'Print $a + b$.',
      hint: '',
    },
    P1001: {
      title: 'Maximum of N Numbers',
      description: 'Given $n$ integers, print the largest one.',
      input: 'The first line holds $n$ ($1 \\le n \\le 10^5$). The second line holds $n$ integers of absolute value at most $10^9$.',
      output: 'The maximum.',
      hint: '',
    },
    P1002: {
      title: 'Big Sum',
      description: 'Print the sum of $n$ integers. Watch out: the sum does not fit in 32 bits.',
      input: 'The first line holds $n$ ($1 \\le n \\le 10^5$), the second $n$ integers $0 \\le a_i \\le 10^9$.',
      output: 'The sum.',
      hint: '',
    },
    P1003: {
      title: 'Reverse a Word',
      description: 'Print the given word backwards.',
      input: 'One word of 1 to 1000 lowercase letters.',
      output: 'The word reversed.',
      hint: '',
    },
    P1004: {
      title: 'Fibonacci Modulo',
      description: '$F_1 = F_2 = 1$ and $F_n = F_{n-1} + F_{n-2}$. Print $F_n \\bmod (10^9 + 7)$.',
      input: 'One integer $n$ ($1 \\le n \\le 10^6$).',
      output: '$F_n \\bmod (10^9 + 7)$.',
      hint: '',
    },
    P1005: {
      title: 'Is It Prime?',
      description: 'Answer $q$ questions: is $x$ a prime number?',
      input: 'The first line holds $q$ ($1 \\le q \\le 100$); each of the next $q$ lines one integer $1 \\le x \\le 10^9$.',
      output: 'For each question `Yes` or `No` on its own line.',
      hint: '',
    },
    P1006: {
      title: 'GCD and LCM',
      description: 'Print the greatest common divisor and the least common multiple of $a$ and $b$.',
      input: 'Two integers $1 \\le a, b \\le 10^9$.',
      output: 'The gcd and the lcm, separated by a space.',
      hint: '',
    },
    P1007: {
      title: 'Sort the Numbers',
      description: 'Sort $n$ integers in non-decreasing order.',
      input: 'The first line holds $n$ ($1 \\le n \\le 10^5$), the second $n$ integers of absolute value at most $10^9$.',
      output: 'The sorted numbers separated by spaces.',
      hint: '',
    },
    P1008: {
      title: 'Climbing Stairs',
      description:
        'You climb a staircase of $n$ steps, one or two steps at a time. In how many ways can you reach the top? Print the count modulo $998244353$.',
      input: 'One integer $n$ ($1 \\le n \\le 10^5$).',
      output: 'The number of ways modulo $998244353$.',
      hint: '',
    },
    P1009: {
      title: 'Longest Increasing Subsequence',
      description: 'Find the length of the longest strictly increasing subsequence of a sequence of $n$ integers.',
      input: 'The first line holds $n$ ($1 \\le n \\le 10^5$), the second $n$ integers $0 \\le a_i \\le 10^9$.',
      output: 'The length.',
      hint: 'An $O(n^2)$ solution is too slow for the largest tests.',
    },
    P1010: {
      title: 'Square Root',
      description:
        'Print $\\sqrt{x}$. Any answer within an absolute or relative error of $10^{-6}$ is accepted ' +
        '(this problem is checked by a special judge, so the number of digits is up to you).',
      input: 'One integer $x$ ($0 \\le x \\le 10^{12}$).',
      output: 'The square root of $x$.',
      hint: 'An integer square root is not enough: $\\sqrt{2} = 1.41421356\\ldots$',
    },
    P1011: {
      title: 'Counting Primes',
      description:
        'Count the primes not greater than $n$.\n\nThis is an OI problem with three subtasks; a subtask scores only when all of its tests pass:\n\n' +
        '| Subtask | $n$ | Points |\n|---|---|---|\n| 1 | $\\le 1000$ | 30 |\n| 2 | $\\le 10^5$ | 30 |\n| 3 | $\\le 2 \\times 10^7$ | 40 |',
      input: 'One integer $n$ ($1 \\le n \\le 2 \\times 10^7$).',
      output: 'The number of primes $p \\le n$.',
      hint: 'Trial division is fine for the first two subtasks; the last one needs a sieve.',
    },
    P1012: {
      title: 'Reverse the Sequence (File IO)',
      description:
        'Print $n$ integers in reverse order.\n\n**File input and output:** read from `reverse.in` and write to `reverse.out` ' +
        '(in the current directory); standard input is empty and standard output is ignored.',
      input: 'The first line of `reverse.in` holds $n$ ($1 \\le n \\le 10^5$), the second $n$ integers.',
      output: 'The integers of the input in reverse order, separated by spaces, into `reverse.out`.',
      hint: '',
    },
  },
  contests: {
    acm: { title: 'Demo ACM Contest', description: 'A public ACM contest to try the site: solve A + B, then B.' },
    oi: { title: 'Demo OI Contest', description: 'An OI contest that has ended: its board shows the results.' },
    protected: {
      title: 'Demo Protected Contest',
      description: 'Scheduled: everyone may look once it starts; submitting needs the password "demo".',
    },
    awards: { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' },
  },
  trainings: {
    categories: { beginner: 'Beginner', algorithms: 'Algorithms' },
    gettingStarted: {
      title: 'Getting Started',
      description: 'First steps on the judge: read the input, print the answer, submit. Start with A + B.',
    },
    classic: { title: 'Classic Algorithms', description: 'Number theory, sorting and dynamic programming classics, from easy to harder.' },
    private: {
      title: 'Private Practice',
      description: (password) => `A private training to try the password card: its password is \`${password}\`.`,
    },
  },
  discussions: {
    solution: {
      title: 'Reading two numbers and printing their sum',
      description: 'How input and output work on this judge, with A + B in C++ and Python.',
      content: `Read the input from **standard input** and print to **standard output**; nothing else is checked.\n\n${A_PLUS_B_CODE}\n\nUse \`long long\` when the sum may not fit in 32 bits.`,
      comments: ['Remember the newline at the end of the output: most checkers ignore it, some do not.'],
    },
    chat: {
      title: 'Welcome to the discussion area',
      description: 'Introduce yourself, share what you are practising, ask for a study partner.',
      content: 'Be kind, stay on topic, and do not post full solutions of running contests. Markdown and $\\LaTeX$ like $a^2 + b^2 = c^2$ work here.',
      comments: ['Hello everyone! Starting with the Getting Started training.', 'Good luck, and have fun!'],
    },
    ideas: {
      title: 'Ideas for new problems and features',
      description: 'Tell the administrators what you would like to see on the site.',
      content: 'Post one idea per comment, so that others can like the ones they agree with.',
      comments: [],
    },
  },
  groups: {
    club: {
      name: 'Algorithm Club',
      brief: 'A public club: join at once and practise together.',
      description: "## Algorithm Club\n\nEveryone may join. Members solve the club's own problems, follow its **Warm-up** training and meet on the club rank.",
    },
    klass: {
      name: 'Class of 2026',
      brief: 'A private class: apply with the invitation code.',
      description: '## Class of 2026\n\nA private class. Ask the teacher for the invitation code, then apply with it and a short reason.',
    },
    applyReason: 'I am in this class, please let me in.',
    warmupCategory: 'Warm-up',
    clubTraining: { title: 'Club Warm-up', description: "Start with A + B from the public bank, then the club's own problem." },
    quiz: { title: 'Class Quiz', description: 'A running quiz for the class: solve the class problem.' },
  },
};
