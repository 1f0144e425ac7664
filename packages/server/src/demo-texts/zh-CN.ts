import { A_PLUS_B_CODE, type DemoTexts } from './types.js';

export const zhCN: DemoTexts = {
  welcome: {
    title: '欢迎来到在线评测系统',
    content:
      '## 欢迎！\n\n注册账号，挑一道题，提交你的代码：几秒钟内就能看到评测结果。\n\n' +
      '- 语言：C、C++、Java、Python 等\n- 比赛：ACM 赛制与 OI 赛制\n- 训练、讨论与团队\n',
  },
  problems: {
    P1000: {
      title: 'A + B 问题',
      description: '计算 $a + b$。',
      input: '一行，两个整数 $a$ 和 $b$（$|a|, |b| \\le 10^9$）。',
      output: '输出 $a + b$。',
      hint: '',
    },
    P1001: {
      title: 'N 个数的最大值',
      description: '给定 $n$ 个整数，输出其中最大的一个。',
      input: '第一行一个整数 $n$（$1 \\le n \\le 10^5$）。第二行 $n$ 个整数，每个数的绝对值不超过 $10^9$。',
      output: '最大值。',
      hint: '',
    },
    P1002: {
      title: '大数求和',
      description: '输出 $n$ 个整数之和。注意：和可能超出 32 位整数的范围。',
      input: '第一行一个整数 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 个整数 $0 \\le a_i \\le 10^9$。',
      output: '它们的和。',
      hint: '',
    },
    P1003: {
      title: '单词反转',
      description: '把给定的单词倒过来输出。',
      input: '一个由 1 到 1000 个小写字母组成的单词。',
      output: '反转后的单词。',
      hint: '',
    },
    P1004: {
      title: '斐波那契数取模',
      description: '$F_1 = F_2 = 1$，$F_n = F_{n-1} + F_{n-2}$。输出 $F_n \\bmod (10^9 + 7)$。',
      input: '一个整数 $n$（$1 \\le n \\le 10^6$）。',
      output: '$F_n \\bmod (10^9 + 7)$。',
      hint: '',
    },
    P1005: {
      title: '是质数吗？',
      description: '回答 $q$ 个询问：$x$ 是不是质数？',
      input: '第一行一个整数 $q$（$1 \\le q \\le 100$）；接下来 $q$ 行，每行一个整数 $1 \\le x \\le 10^9$。',
      output: '对每个询问输出一行 `Yes` 或 `No`。',
      hint: '',
    },
    P1006: {
      title: '最大公约数与最小公倍数',
      description: '输出 $a$ 和 $b$ 的最大公约数与最小公倍数。',
      input: '两个整数 $1 \\le a, b \\le 10^9$。',
      output: '最大公约数和最小公倍数，用一个空格隔开。',
      hint: '',
    },
    P1007: {
      title: '数字排序',
      description: '将 $n$ 个整数按从小到大（非递减）的顺序排序。',
      input: '第一行一个整数 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 个整数，每个数的绝对值不超过 $10^9$。',
      output: '排序后的数，用空格隔开。',
      hint: '',
    },
    P1008: {
      title: '爬楼梯',
      description: '一段楼梯共有 $n$ 级台阶，你每次可以爬一级或两级。到达楼顶共有多少种不同的走法？输出方案数对 $998244353$ 取模的结果。',
      input: '一个整数 $n$（$1 \\le n \\le 10^5$）。',
      output: '方案数对 $998244353$ 取模的结果。',
      hint: '',
    },
    P1009: {
      title: '最长上升子序列',
      description: '给定一个由 $n$ 个整数组成的序列，求它的最长严格上升子序列的长度。',
      input: '第一行一个整数 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 个整数 $0 \\le a_i \\le 10^9$。',
      output: '最长上升子序列的长度。',
      hint: '$O(n^2)$ 的做法在最大的几组数据上会超时。',
    },
    P1010: {
      title: '平方根',
      description: '输出 $\\sqrt{x}$。与标准答案的绝对误差或相对误差不超过 $10^{-6}$ 即算正确' + '（本题由特殊评测程序判定，输出几位小数由你决定）。',
      input: '一个整数 $x$（$0 \\le x \\le 10^{12}$）。',
      output: '$x$ 的平方根。',
      hint: '只求整数平方根是不够的：$\\sqrt{2} = 1.41421356\\ldots$',
    },
    P1011: {
      title: '质数计数',
      description:
        '求不超过 $n$ 的质数个数。\n\n本题为 OI 赛制，共三个子任务；只有一个子任务的所有测试点全部通过，才能获得该子任务的分数：\n\n' +
        '| 子任务 | $n$ | 分值 |\n|---|---|---|\n| 1 | $\\le 1000$ | 30 |\n| 2 | $\\le 10^5$ | 30 |\n| 3 | $\\le 2 \\times 10^7$ | 40 |',
      input: '一个整数 $n$（$1 \\le n \\le 2 \\times 10^7$）。',
      output: '满足 $p \\le n$ 的质数 $p$ 的个数。',
      hint: '试除法足以通过前两个子任务；最后一个子任务需要用筛法。',
    },
    P1012: {
      title: '逆序输出（文件输入输出）',
      description:
        '将 $n$ 个整数按相反的顺序输出。\n\n**文件输入输出：** 从 `reverse.in` 读入，向 `reverse.out` 写出' +
        '（均在当前目录下）；标准输入为空，标准输出的内容会被忽略。',
      input: '`reverse.in` 的第一行为 $n$（$1 \\le n \\le 10^5$），第二行为 $n$ 个整数。',
      output: '将输入的整数按相反顺序写入 `reverse.out`，用空格隔开。',
      hint: '',
    },
  },
  contests: {
    acm: { title: 'ACM 赛制示例比赛', description: '一场公开的 ACM 赛制比赛，用来熟悉本站：先做 A + B，再做 B 题。' },
    oi: { title: 'OI 赛制示例比赛', description: '一场已经结束的 OI 赛制比赛：榜单上可以看到最终成绩。' },
    protected: {
      title: '保护赛示例比赛',
      description: '尚未开始：开始后所有人都可以查看；提交代码需要输入密码“demo”。',
    },
    awards: { gold: '金奖', silver: '银奖', bronze: '铜奖' },
  },
  trainings: {
    categories: { beginner: '入门', algorithms: '算法' },
    gettingStarted: {
      title: '新手入门',
      description: '在评测系统上的第一步：读入数据，输出答案，提交代码。从 A + B 开始吧。',
    },
    classic: { title: '经典算法', description: '数论、排序与动态规划的经典题目，由易到难。' },
    private: {
      title: '私有练习',
      description: (password) => `一个私有训练，用来体验密码验证：它的密码是 \`${password}\`。`,
    },
  },
  discussions: {
    solution: {
      title: '读入两个数并输出它们的和',
      description: '本站的输入输出方式，附 C++ 和 Python 的 A + B 写法。',
      content: `从**标准输入**读入数据，向**标准输出**输出结果；除此之外的内容都不会被检查。\n\n${A_PLUS_B_CODE}\n\n和可能超出 32 位整数范围时，请使用 \`long long\`。`,
      comments: ['注意输出末尾的换行：大多数评测程序会忽略它，但也有一些不会。'],
    },
    chat: {
      title: '欢迎来到讨论区',
      description: '介绍一下自己，分享你正在练习的内容，或者找个一起学习的伙伴。',
      content: '请友善交流，不要跑题，也不要发布正在进行的比赛的完整题解。这里支持 Markdown 和 $\\LaTeX$，例如 $a^2 + b^2 = c^2$。',
      comments: ['大家好！我先从“新手入门”训练开始。', '祝你好运，玩得开心！'],
    },
    ideas: {
      title: '新题目和新功能的建议',
      description: '告诉管理员你希望在本站看到什么。',
      content: '每条评论只写一个建议，方便大家为自己赞同的建议点赞。',
      comments: [],
    },
  },
  groups: {
    club: {
      name: '算法社',
      brief: '公开社团：可直接加入，一起练习。',
      description: '## 算法社\n\n所有人都可以加入。成员可以做社团自己的题目，参加社团的 **热身** 训练，并在社团排名中一较高下。',
    },
    klass: {
      name: '2026 届班级',
      brief: '私有班级：凭邀请码申请加入。',
      description: '## 2026 届班级\n\n这是一个私有班级。请向老师索取邀请码，然后填写邀请码和简短的理由申请加入。',
    },
    applyReason: '我是这个班的学生，请让我加入。',
    warmupCategory: '热身',
    clubTraining: { title: '社团热身', description: '先做题库中的 A + B，再做社团自己的题目。' },
    quiz: { title: '班级小测', description: '班级正在进行的小测：完成班级的题目。' },
  },
};
