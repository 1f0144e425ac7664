/**
 * The message catalogue: every msg the server sends and every fixed error the client shows.
 * Spec 1 §8 texts are used verbatim; the others keep the same tone. The web translates a msg by
 * looking its text up here (see `messageKeyOf`), so servers stay language-neutral.
 */
export const MSG = {
  success: 'success',
  // spec 1 §8
  usernameExists: 'The username already exists.',
  emailExists: 'The email already exists.',
  usernameNotExist: 'The username does not exist.',
  emailNotExist: 'The email does not exist.',
  passwordNotMatch: 'Password does not match.',
  speedTooFast: 'Speed too fast, may be machine operation! Please verify again!',
  fileTypeNotSupport: 'File type not support',
  exceedMaxSize: 'Exceed max size limit',
  noPublicDiscussion: 'No Access: There is no open discussion area on the website!',
  noGroupDiscussion: 'No Access: There is no open group discussion area on the website!',
  noContestComment: 'No Access: There is no open contest comment area on the website!',
  loginFirst: 'Please login first!',
  loginAsAdmin: 'Please login again with the administrator account!',
  contestEnded: 'Contest has ended',
  codeEmpty: 'Code can not be empty',
  codeTooLong: 'Code Length can not exceed 65535',
  enterContestPassword: 'Enter the contest password',
  notPassedProblem: "You haven't passed the problem, so you can't get the code passed recently",
  queryError: 'Query error! Unable to find the resource to request!',
  serverError: 'Server error! Please refresh again!',
  timeout: 'Request timed out! Please try again later!',
  networkError: 'Network error! Abnormal link with server, Please try again later!',
  invalidFileFormat: 'Invalid file format',
  // accounts
  loginFailed: 'The username or password is wrong.',
  accountLocked: 'Too many failed logins: this account is locked on this network for {minutes} minutes.',
  puzzleRequired: 'Please complete the slide verification first.',
  puzzleFailed: 'Slide verification failed, please try again.',
  accountDisabled: 'This account has been disabled.',
  registerClosed: 'Registration is closed on this website.',
  emailCodeWrong: 'The verification code is wrong or has expired.',
  emailCodeRequired: 'Please enter the verification code.',
  emailCodeWait: 'Please wait {seconds} seconds before requesting another code.',
  emailSendFailed: 'The email could not be sent, please try again later.',
  captchaWrong: 'The captcha is wrong or has expired.',
  resetLinkInvalid: 'The reset link is wrong or has expired.',
  resetSent: 'The reset email has been sent, please check your mailbox.',
  registerCodeSent: 'The verification code has been sent to your email.',
  registerSuccess: 'Thanks for registering! Now you can login.',
  logoutSuccess: 'Logged out successfully.',
  oldPasswordWrong: 'The current password is wrong.',
  samePassword: 'The new password must differ from the current one.',
  sameEmail: 'The new email must differ from the current one.',
  passwordChanged: 'Password changed, please login again.',
  emailChanged: 'Email changed successfully.',
  profileUpdated: 'Profile updated successfully.',
  tokenExpired: 'Your login has expired, please login again!',
  noPermission: 'You do not have permission to do this.',
  userNotFound: 'This user does not exist.',
  fileMissing: 'Please choose a file to upload.',
  requestTooLarge: 'The request is too large.',
  badRequest: 'The request is invalid.',
  notFound: 'The requested resource does not exist.',
  tooManyRequests: 'Too many requests, please try again later.',
  cfSessionUpdated: 'Codeforces session updated.',
  cfSessionDeleted: 'Codeforces session deleted.',
  // problems and submissions
  problemNotFound: 'The problem does not exist.',
  problemIdExists: 'The problem ID already exists.',
  submissionNotFound: 'The submission does not exist.',
  languageNotSupported: 'The language {language} is not supported for this problem.',
  submitTooFast: 'Submitting too frequently, please wait {seconds} seconds before submitting again.',
  remoteJudgeUnavailable: 'Remote judging is not available on this site.',
  contestNotFound: 'The contest does not exist.',
  shareNotOwner: "You cannot change the sharing of someone else's submission.",
  shareContest: 'Submissions made in a contest cannot be shared.',
  manualJudgeBusy: 'This submission is being judged or did not compile, so it cannot be judged by hand.',
  alreadyCancelled: 'The submission has already been cancelled.',
  // admin
  settingsSaved: 'Settings saved.',
  testEmailSent: 'The test email has been sent.',
  sessionRevoked: 'The session has been revoked.',
} as const;
export type MsgKey = keyof typeof MSG;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMsg(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

const patterns = (Object.keys(MSG) as MsgKey[]).map((key) => {
  const escaped = MSG[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return { key, re: new RegExp(`^${escaped.replace(/\{(\w+)\}/g, '(?<$1>.+?)')}$`) };
});

/** Finds the catalogue key and placeholder values of a server msg, so the client can translate it. */
export function messageKeyOf(text: string): { key: MsgKey; params: Record<string, string> } | null {
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { key: p.key, params: { ...(m.groups ?? {}) } };
  }
  return null;
}
