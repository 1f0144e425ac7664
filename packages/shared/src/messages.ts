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
  loginIpLocked: 'Too many failed logins from your network: please try again in {minutes} minutes.',
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
  problemNotUsable: 'You can only add public problems or problems you created.',
  problemIdExists: 'The problem ID already exists.',
  submissionNotFound: 'The submission does not exist.',
  languageNotSupported: 'The language {language} is not supported for this problem.',
  submitTooFast: 'Submitting too frequently, please wait {seconds} seconds before submitting again.',
  remoteJudgeUnavailable: 'Remote judging is not available on this site.',
  publicJudgeClosed: 'Judging is closed on this site for now: submissions outside contests are not accepted.',
  contestJudgeClosed: 'Contest judging is closed on this site for now: contest submissions are not accepted.',
  submitCaptchaRequired: 'Please enter the captcha before submitting.',
  contestNotFound: 'The contest does not exist.',
  shareNotOwner: "You cannot change the sharing of someone else's submission.",
  shareContest: 'Submissions made in a contest cannot be shared.',
  manualJudgeBusy: 'This submission is being judged or did not compile, so it cannot be judged by hand.',
  alreadyCancelled: 'The submission has already been cancelled.',
  // problem pages and online test run (problemweb)
  testInputTooLong: 'The test input can not exceed 1000 characters',
  testRunTooFast: 'Testing too frequently, please wait {seconds} seconds before testing again.',
  testRunNotFound: 'The test run does not exist or has expired.',
  trainingNotAvailable: 'Trainings are not available on this site yet.',
  // contests
  contestFieldRequired: '{field} is required',
  contestDurationInvalid: 'The duration of the contest cannot be less than or equal to zero',
  contestSealTimeInvalid: 'The seal rank time must be within the contest.',
  contestStarDuplicate: 'Please do not add existing star user repeatedly',
  contestTypeFixed: 'The rule type of a contest cannot be changed.',
  contestNotStarted: 'The contest has not started yet.',
  contestNeedsNoRegister: 'This contest is public, there is no need to register.',
  contestPasswordWrong: 'The contest password is wrong.',
  contestPasswordTooManyTries: 'Too many wrong passwords for this contest, please try again in {minutes} minutes.',
  contestAlreadyRegistered: 'You have already registered for this contest.',
  contestRegistered: 'Registered for the contest successfully.',
  contestNotRegistered: 'Please register for this contest with its password first.',
  contestAccountLimited: 'Your account is not allowed to take part in this contest.',
  contestProblemNotFound: 'The problem {displayId} does not exist in this contest.',
  contestProblemExists: 'The problem is already in this contest.',
  contestDisplayIdExists: 'The display ID {displayId} is already used in this contest.',
  contestProblemTypeMismatch: 'This contest can only use {type} problems or remote judge problems.',
  contestRankNotOpen: 'The scoreboard of this contest is not public.',
  announcementNotFound: 'The announcement does not exist.',
  printClosed: 'Printing is not open in this contest.',
  printEmpty: 'Content cannot be empty',
  printTooShort: 'The number of content cannot be less than 50',
  printTooFast: 'Printing too frequently, please wait {seconds} seconds before printing again.',
  printNotFound: 'The print job does not exist.',
  acInfoAcmOnly: 'The AC helper is only available in ACM contests.',
  scrollBoardAcmOnly: 'The scroll board is only available in ACM contests.',
  scrollBoardNotEnded: 'The scroll board opens after the contest has ended.',
  // adminsrv: problem administration (test-case zips, checkers, tags, import/export, uploads)
  zipInvalid: 'The file is not a valid zip archive.',
  zipUnsafePath: 'The zip holds an unsafe path: {name}',
  zipSymlink: 'The zip holds a symbolic link, which is not allowed: {name}',
  zipNested: 'Test data must be at the root of the zip, without folders: {name}',
  zipNameTooLong: 'The zip holds a file name longer than {max} bytes: {name}',
  zipTooManyEntries: 'The zip holds too many files (at most {max}).',
  zipFileTooLarge: 'The file {name} is larger than {max} MB when unpacked.',
  zipTotalTooLarge: 'The unpacked files are larger than {max} MB in total.',
  zipBomb: 'The file {name} is compressed suspiciously well, refusing to unpack it.',
  zipEntryMismatch: 'The file {name} does not unpack to the size and checksum the zip declares: the zip is damaged or forged.',
  zipNoCases: 'No test case found: put pairs such as 1.in + 1.out (or 1.ans), or input1.txt + output1.txt, at the root of the zip.',
  uploadDirGone: 'The uploaded test data has expired or does not exist, please upload it again.',
  uploadCaseMissing: 'The uploaded test data has no file named {name}.',
  noTestData: 'The problem has no test data.',
  checkerLanguage: 'The special judge or interactor language must be C or C++.',
  spjCompileError: 'Special judge compile error: {error}',
  interactiveCompileError: 'Interactor compile error: {error}',
  compileSucceeded: 'Compiled successfully.',
  tagExists: 'The tag already exists.',
  tagNotFound: 'The tag does not exist.',
  classificationExists: 'The tag classification already exists.',
  classificationNotFound: 'The tag classification does not exist.',
  importInvalid: 'Invalid problem file: {reason}',
  importProblemExists: 'The problem ID {problemId} already exists.',
  importFormatUnknown: 'The file is in none of the formats the import reads ({formats}).',
  importCheckerBroken: 'The checker does not compile, so the problem was imported as private: {error}',
  fpsInvalid: 'Invalid FPS file: {reason}',
  fpsUnpaired: '{inputs} × <{input}> and {outputs} × <{output}>: the first {pairs} pairs were imported, the rest left out.',
  // problem packages (Polygon, Kattis): warnings of a problem imported anyway
  pkgLinkRefused: 'The symbolic link {name} ({target}) points outside the package or to no file of it; it was left out.',
  pkgDefaultTimeLimit: 'The package gives no time limit; {ms} ms is used.',
  pkgNoStatement: 'No statement was found in the package; the description is empty.',
  pkgUnpairedTest: 'The test {name} has no answer file and was left out.',
  pkgFlagIgnored: 'The validator flag {flag} is not supported and was ignored.',
  pkgInteractorDecides: 'The interactor gives the verdict; the checker {checker} of the package is not used.',
  pkgGeneratedMissing: '{count} generated tests could not be made ({reason}); the problem is kept private.',
  pkgAnswersMissing: '{count} answers could not be made by the main solution ({reason}); the problem is kept private.',
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
