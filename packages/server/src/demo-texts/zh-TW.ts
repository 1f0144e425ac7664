import { A_PLUS_B_CODE, type DemoTexts } from './types.js';

export const zhTW: DemoTexts = {
  welcome: {
    title: '歡迎來到線上評測系統',
    content:
      '## 歡迎！\n\n註冊帳號，挑一道題目，提交你的程式碼：幾秒鐘內就能看到評測結果。\n\n' +
      '- 程式語言：C、C++、Java、Python 等\n- 比賽：ACM 賽制與 OI 賽制\n- 訓練、討論與團隊\n',
  },
  problems: {
    P1000: {
      title: 'A + B 問題',
      description: '計算 $a + b$。',
      input: '一行，兩個整數 $a$ 和 $b$（$|a|, |b| \\le 10^9$）。',
      output: '輸出 $a + b$。',
      hint: '',
    },
    P1001: {
      title: 'N 個數的最大值',
      description: '給定 $n$ 個整數，輸出其中最大的一個。',
      input: '第一行一個整數 $n$（$1 \\le n \\le 10^5$）。第二行 $n$ 個整數，每個數的絕對值不超過 $10^9$。',
      output: '最大值。',
      hint: '',
    },
    P1002: {
      title: '大數求和',
      description: '輸出 $n$ 個整數的總和。注意：總和可能超出 32 位元整數的範圍。',
      input: '第一行一個整數 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 個整數 $0 \\le a_i \\le 10^9$。',
      output: '它們的總和。',
      hint: '',
    },
    P1003: {
      title: '單字反轉',
      description: '把給定的單字倒過來輸出。',
      input: '一個由 1 到 1000 個小寫字母組成的單字。',
      output: '反轉後的單字。',
      hint: '',
    },
    P1004: {
      title: '費氏數列取模',
      description: '$F_1 = F_2 = 1$，$F_n = F_{n-1} + F_{n-2}$。輸出 $F_n \\bmod (10^9 + 7)$。',
      input: '一個整數 $n$（$1 \\le n \\le 10^6$）。',
      output: '$F_n \\bmod (10^9 + 7)$。',
      hint: '',
    },
    P1005: {
      title: '是質數嗎？',
      description: '回答 $q$ 個詢問：$x$ 是不是質數？',
      input: '第一行一個整數 $q$（$1 \\le q \\le 100$）；接下來 $q$ 行，每行一個整數 $1 \\le x \\le 10^9$。',
      output: '對每個詢問輸出一行 `Yes` 或 `No`。',
      hint: '',
    },
    P1006: {
      title: '最大公因數與最小公倍數',
      description: '輸出 $a$ 和 $b$ 的最大公因數與最小公倍數。',
      input: '兩個整數 $1 \\le a, b \\le 10^9$。',
      output: '最大公因數和最小公倍數，以一個空格隔開。',
      hint: '',
    },
    P1007: {
      title: '數字排序',
      description: '將 $n$ 個整數依從小到大（非遞減）的順序排序。',
      input: '第一行一個整數 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 個整數，每個數的絕對值不超過 $10^9$。',
      output: '排序後的數，以空格隔開。',
      hint: '',
    },
    P1008: {
      title: '爬樓梯',
      description: '一段樓梯共有 $n$ 階，你每次可以爬一階或兩階。爬到頂端共有幾種不同的走法？輸出方法數除以 $998244353$ 的餘數。',
      input: '一個整數 $n$（$1 \\le n \\le 10^5$）。',
      output: '方法數除以 $998244353$ 的餘數。',
      hint: '',
    },
    P1009: {
      title: '最長遞增子序列',
      description: '給定一個由 $n$ 個整數組成的序列，求它的最長嚴格遞增子序列的長度。',
      input: '第一行一個整數 $n$（$1 \\le n \\le 10^5$），第二行 $n$ 個整數 $0 \\le a_i \\le 10^9$。',
      output: '最長遞增子序列的長度。',
      hint: '$O(n^2)$ 的做法在最大的幾組測資上會超時。',
    },
    P1010: {
      title: '平方根',
      description: '輸出 $\\sqrt{x}$。與標準答案的絕對誤差或相對誤差不超過 $10^{-6}$ 即算正確' + '（本題由特殊評測程式判定，輸出幾位小數由你決定）。',
      input: '一個整數 $x$（$0 \\le x \\le 10^{12}$）。',
      output: '$x$ 的平方根。',
      hint: '只求整數平方根是不夠的：$\\sqrt{2} = 1.41421356\\ldots$',
    },
    P1011: {
      title: '質數計數',
      description:
        '求不超過 $n$ 的質數個數。\n\n本題為 OI 賽制，共三個子任務；一個子任務的所有測試點全部通過，才能獲得該子任務的分數：\n\n' +
        '| 子任務 | $n$ | 分數 |\n|---|---|---|\n| 1 | $\\le 1000$ | 30 |\n| 2 | $\\le 10^5$ | 30 |\n| 3 | $\\le 2 \\times 10^7$ | 40 |',
      input: '一個整數 $n$（$1 \\le n \\le 2 \\times 10^7$）。',
      output: '滿足 $p \\le n$ 的質數 $p$ 的個數。',
      hint: '試除法足以通過前兩個子任務；最後一個子任務需要用篩法。',
    },
    P1012: {
      title: '反向輸出（檔案輸入輸出）',
      description:
        '將 $n$ 個整數依相反的順序輸出。\n\n**檔案輸入輸出：** 從 `reverse.in` 讀入，寫到 `reverse.out`' +
        '（皆在目前的目錄下）；標準輸入為空，標準輸出的內容會被忽略。',
      input: '`reverse.in` 的第一行為 $n$（$1 \\le n \\le 10^5$），第二行為 $n$ 個整數。',
      output: '將輸入的整數依相反順序寫入 `reverse.out`，以空格隔開。',
      hint: '',
    },
  },
  contests: {
    acm: { title: 'ACM 賽制範例比賽', description: '一場公開的 ACM 賽制比賽，用來熟悉本站：先解 A + B，再解 B 題。' },
    oi: { title: 'OI 賽制範例比賽', description: '一場已經結束的 OI 賽制比賽：排行榜上可以看到最終成績。' },
    protected: {
      title: '密碼保護範例比賽',
      description: '尚未開始：開始後所有人都可以查看；提交程式碼需要輸入密碼「demo」。',
    },
    awards: { gold: '金牌', silver: '銀牌', bronze: '銅牌' },
  },
  trainings: {
    categories: { beginner: '入門', algorithms: '演算法' },
    gettingStarted: {
      title: '新手入門',
      description: '在評測系統上的第一步：讀入資料，輸出答案，提交程式碼。從 A + B 開始吧。',
    },
    classic: { title: '經典演算法', description: '數論、排序與動態規劃的經典題目，由淺入深。' },
    private: {
      title: '私人練習',
      description: (password) => `一個私人訓練，用來體驗密碼驗證：它的密碼是 \`${password}\`。`,
    },
  },
  discussions: {
    solution: {
      title: '讀入兩個數並輸出它們的和',
      description: '本站的輸入輸出方式，附 C++ 和 Python 的 A + B 寫法。',
      content: `從**標準輸入**讀入資料，向**標準輸出**輸出結果；除此之外的內容都不會被檢查。\n\n${A_PLUS_B_CODE}\n\n總和可能超出 32 位元整數範圍時，請使用 \`long long\`。`,
      comments: ['注意輸出結尾的換行：大多數評測程式會忽略它，但也有一些不會。'],
    },
    chat: {
      title: '歡迎來到討論區',
      description: '介紹一下自己，分享你正在練習的內容，或是找個一起學習的夥伴。',
      content: '請友善交流，不要離題，也不要張貼進行中比賽的完整題解。這裡支援 Markdown 和 $\\LaTeX$，例如 $a^2 + b^2 = c^2$。',
      comments: ['大家好！我先從「新手入門」訓練開始。', '祝你好運，玩得開心！'],
    },
    ideas: {
      title: '新題目與新功能的建議',
      description: '告訴管理員你希望在本站看到什麼。',
      content: '每則留言只寫一個建議，方便大家替自己贊同的建議按讚。',
      comments: [],
    },
  },
  groups: {
    club: {
      name: '演算法社',
      brief: '公開社團：可直接加入，一起練習。',
      description: '## 演算法社\n\n所有人都可以加入。成員可以練習社團自己的題目，參加社團的 **暖身** 訓練，並在社團排名中一較高下。',
    },
    klass: {
      name: '2026 級班級',
      brief: '私人班級：憑邀請碼申請加入。',
      description: '## 2026 級班級\n\n這是一個私人班級。請向老師索取邀請碼，然後填寫邀請碼和簡短的理由申請加入。',
    },
    applyReason: '我是這個班的學生，請讓我加入。',
    warmupCategory: '暖身',
    clubTraining: { title: '社團暖身', description: '先解題庫中的 A + B，再解社團自己的題目。' },
    quiz: { title: '班級小考', description: '班級進行中的小考：完成班級的題目。' },
  },
};
