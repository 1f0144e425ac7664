/**
 * What the site's mails say, in each UI language. A mail is written in the recipient's language: the one
 * stored with his account, else the one his request asked for (the web client sends its UI language as
 * Accept-Language), else the site's default.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_UI_LANGUAGE, type UiLanguage, uiLanguageOf } from '@oj/shared';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

interface Site {
  /** website name */
  name: string;
  shortName: string;
}

export interface MailTexts {
  register(site: Site, minutes: number): { subject: string; title: string; paragraphs: string[]; footnote: string };
  reset(
    site: Site,
    username: string,
    minutes: number,
  ): { subject: string; title: string; intro: string; linkLabel: string; pathIntro: string; footnote: string };
  changeEmail(site: Site, username: string, minutes: number): { subject: string; title: string; paragraphs: string[]; footnote: string };
  test(site: Site): { subject: string; title: string; paragraphs: string[] };
}

const TEXTS: Record<UiLanguage, MailTexts> = {
  'en-US': {
    register: (s, m) => ({
      subject: `${s.shortName}: your registration code`,
      title: 'Confirm your e-mail address',
      paragraphs: [`Welcome to ${s.name}! Enter this code in the registration form to finish creating your account.`],
      footnote: `The code is valid for ${m} minutes. If you did not ask to register, ignore this mail.`,
    }),
    reset: (s, u, m) => ({
      subject: `${s.shortName}: reset your password`,
      title: 'Reset your password',
      intro: `Hello ${u}, someone (hopefully you) asked to reset the password of your ${s.name} account.`,
      linkLabel: 'Set a new password',
      pathIntro: `To set a new password, open this address on the ${s.name} site (after its domain name):`,
      footnote: `The link is valid for ${m} minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    }),
    changeEmail: (s, u, m) => ({
      subject: `${s.shortName}: confirm your new e-mail address`,
      title: 'Confirm your new e-mail address',
      paragraphs: [`Hello ${u}, enter this code in the settings of your ${s.name} account to use this address from now on.`],
      footnote: `The code is valid for ${m} minutes. If you did not ask for it, ignore this mail.`,
    }),
    test: (s) => ({
      subject: `${s.shortName}: test e-mail`,
      title: 'Your mail settings work',
      paragraphs: [`This test message was sent by ${s.name} to check its e-mail settings. No action is needed.`],
    }),
  },
  'zh-CN': {
    register: (s, m) => ({
      subject: `${s.shortName}：您的注册验证码`,
      title: '验证您的邮箱地址',
      paragraphs: [`欢迎来到 ${s.name}！请在注册表单中输入下面的验证码，完成账号注册。`],
      footnote: `验证码 ${m} 分钟内有效。如果您没有申请注册，请忽略本邮件。`,
    }),
    reset: (s, u, m) => ({
      subject: `${s.shortName}：重置您的密码`,
      title: '重置密码',
      intro: `${u}，您好！有人（希望是您本人）申请重置您在 ${s.name} 的账号密码。`,
      linkLabel: '设置新密码',
      pathIntro: `要设置新密码，请在 ${s.name} 网站的域名后打开下面这个地址：`,
      footnote: `链接 ${m} 分钟内有效，且只能使用一次。如果不是您本人申请，请忽略本邮件，您的密码不会改变。`,
    }),
    changeEmail: (s, u, m) => ({
      subject: `${s.shortName}：验证您的新邮箱`,
      title: '验证您的新邮箱地址',
      paragraphs: [`${u}，您好！请在 ${s.name} 账号设置中输入下面的验证码，之后将使用这个邮箱地址。`],
      footnote: `验证码 ${m} 分钟内有效。如果不是您本人申请，请忽略本邮件。`,
    }),
    test: (s) => ({
      subject: `${s.shortName}：测试邮件`,
      title: '邮件设置可以正常使用',
      paragraphs: [`这是 ${s.name} 为检查邮件设置而发送的测试邮件，无需任何操作。`],
    }),
  },
  'zh-TW': {
    register: (s, m) => ({
      subject: `${s.shortName}：您的註冊驗證碼`,
      title: '驗證您的電子郵件地址',
      paragraphs: [`歡迎來到 ${s.name}！請在註冊表單中輸入下面的驗證碼，完成帳號註冊。`],
      footnote: `驗證碼 ${m} 分鐘內有效。如果您沒有申請註冊，請忽略本郵件。`,
    }),
    reset: (s, u, m) => ({
      subject: `${s.shortName}：重設您的密碼`,
      title: '重設密碼',
      intro: `${u}，您好！有人（希望是您本人）申請重設您在 ${s.name} 的帳號密碼。`,
      linkLabel: '設定新密碼',
      pathIntro: `要設定新密碼，請在 ${s.name} 網站的網域名稱後開啟下面這個位址：`,
      footnote: `連結 ${m} 分鐘內有效，且只能使用一次。如果不是您本人申請，請忽略本郵件，您的密碼不會改變。`,
    }),
    changeEmail: (s, u, m) => ({
      subject: `${s.shortName}：驗證您的新電子郵件`,
      title: '驗證您的新電子郵件地址',
      paragraphs: [`${u}，您好！請在 ${s.name} 帳號設定中輸入下面的驗證碼，之後將使用這個電子郵件地址。`],
      footnote: `驗證碼 ${m} 分鐘內有效。如果不是您本人申請，請忽略本郵件。`,
    }),
    test: (s) => ({
      subject: `${s.shortName}：測試郵件`,
      title: '郵件設定可以正常使用',
      paragraphs: [`這是 ${s.name} 為檢查郵件設定而寄出的測試郵件，無需任何操作。`],
    }),
  },
  'ja-JP': {
    register: (s, m) => ({
      subject: `${s.shortName}：登録用の確認コード`,
      title: 'メールアドレスの確認',
      paragraphs: [`${s.name} へようこそ！登録フォームにこのコードを入力して、アカウントの作成を完了してください。`],
      footnote: `コードの有効期限は ${m} 分です。登録を申請していない場合は、このメールを無視してください。`,
    }),
    reset: (s, u, m) => ({
      subject: `${s.shortName}：パスワードの再設定`,
      title: 'パスワードの再設定',
      intro: `${u} さん、${s.name} のアカウントのパスワード再設定が申請されました（ご本人による申請であることを願っています）。`,
      linkLabel: '新しいパスワードを設定',
      pathIntro: `新しいパスワードを設定するには、${s.name} のサイトでドメイン名の後に次のアドレスを開いてください：`,
      footnote: `リンクの有効期限は ${m} 分で、一度だけ使えます。申請していない場合は、このメールを無視してください。パスワードは変わりません。`,
    }),
    changeEmail: (s, u, m) => ({
      subject: `${s.shortName}：新しいメールアドレスの確認`,
      title: '新しいメールアドレスの確認',
      paragraphs: [`${u} さん、${s.name} のアカウント設定にこのコードを入力すると、今後このアドレスが使われます。`],
      footnote: `コードの有効期限は ${m} 分です。申請していない場合は、このメールを無視してください。`,
    }),
    test: (s) => ({
      subject: `${s.shortName}：テストメール`,
      title: 'メール設定は正常に動作しています',
      paragraphs: [`これは ${s.name} がメール設定を確認するために送信したテストメールです。操作は必要ありません。`],
    }),
  },
  'ko-KR': {
    register: (s, m) => ({
      subject: `${s.shortName}: 회원가입 인증 코드`,
      title: '이메일 주소 인증',
      paragraphs: [`${s.name}에 오신 것을 환영합니다! 회원가입 양식에 이 코드를 입력하여 계정 생성을 완료하세요.`],
      footnote: `코드는 ${m}분 동안 유효합니다. 회원가입을 요청하지 않았다면 이 메일을 무시하세요.`,
    }),
    reset: (s, u, m) => ({
      subject: `${s.shortName}: 비밀번호 재설정`,
      title: '비밀번호 재설정',
      intro: `${u}님, 누군가(본인이길 바랍니다) ${s.name} 계정의 비밀번호 재설정을 요청했습니다.`,
      linkLabel: '새 비밀번호 설정',
      pathIntro: `새 비밀번호를 설정하려면 ${s.name} 사이트의 도메인 이름 뒤에 다음 주소를 여세요:`,
      footnote: `링크는 ${m}분 동안 유효하며 한 번만 사용할 수 있습니다. 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.`,
    }),
    changeEmail: (s, u, m) => ({
      subject: `${s.shortName}: 새 이메일 주소 인증`,
      title: '새 이메일 주소 인증',
      paragraphs: [`${u}님, ${s.name} 계정 설정에 이 코드를 입력하면 앞으로 이 주소를 사용합니다.`],
      footnote: `코드는 ${m}분 동안 유효합니다. 요청하지 않았다면 이 메일을 무시하세요.`,
    }),
    test: (s) => ({
      subject: `${s.shortName}: 테스트 메일`,
      title: '메일 설정이 정상적으로 작동합니다',
      paragraphs: [`${s.name}에서 이메일 설정을 확인하기 위해 보낸 테스트 메일입니다. 별도의 조치는 필요하지 않습니다.`],
    }),
  },
};

/** The language a mail is written in: the recipient's stored choice, else his request's, else the default. */
export function mailLanguage(stored: string | null | undefined, acceptLanguage?: string | string[]): UiLanguage {
  const own = uiLanguageOf(stored);
  if (own) return own;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return uiLanguageOf(header) ?? DEFAULT_UI_LANGUAGE;
}

/** The language for a mail to the user `uid` (stored choice first) sent on the request `req`. */
export async function mailLanguageFor(db: Db, uid: string | null | undefined, req: FastifyRequest): Promise<UiLanguage> {
  const [row] = uid ? await db.select({ language: users.language }).from(users).where(eq(users.uid, uid)) : [];
  return mailLanguage(row?.language, req.headers['accept-language']);
}

export const mailTexts = (lang: UiLanguage): MailTexts => TEXTS[lang];
