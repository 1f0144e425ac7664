/**
 * CSV import of users: the client parses the UTF-8 file (no header, 7 columns) and sends
 * its rows; each row is checked with the account rules of registration, against the other rows and
 * against existing accounts. `check` is the preview; `insert` imports only when no row has a problem,
 * in one transaction.
 */
import { ADMIN_USER_LIMITS, CSV_USER_COLUMNS, emailField, newPasswordField, usernameField, type ImportReport, type ImportRowProblem } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { fail } from '../../lib/errors.js';
import { createAccounts, takenNames, type NewAccount } from './accounts.js';

/** male or 0, female or 1, anything else secrecy. */
export function genderOfCell(cell: string): 'male' | 'female' | 'secrecy' {
  const g = cell.trim().toLowerCase();
  if (g === 'male' || g === '0') return 'male';
  if (g === 'female' || g === '1') return 'female';
  return 'secrecy';
}

const TEXT_MAX = { realname: ADMIN_USER_LIMITS.realnameMax, nickname: ADMIN_USER_LIMITS.nicknameMax, school: ADMIN_USER_LIMITS.schoolMax } as const;

interface Checked {
  report: ImportReport;
  accounts: NewAccount[];
}

async function checkRows(db: Db, rows: string[][]): Promise<Checked> {
  const problems: ImportRowProblem[] = [];
  const skipped: number[] = [];
  const accounts: { row: number; account: NewAccount }[] = [];
  const firstUsername = new Map<string, number>();
  const firstEmail = new Map<string, number>();

  rows.forEach((cells, i) => {
    const row = i + 1;
    const [username = '', password = '', email = '', realname = '', gender = '', nickname = '', school = ''] = cells.map((c, k) => (k === 1 ? c : c.trim()));
    if (!username || !password) {
      skipped.push(row);
      return;
    }
    const before = problems.length;
    const add = (p: Omit<ImportRowProblem, 'row'>) => problems.push({ row, ...p });
    if (cells.slice(CSV_USER_COLUMNS.length).some((c) => c.trim() !== '')) add({ code: 'columns' });
    const u = usernameField.safeParse(username);
    if (!u.success) add({ code: 'username', field: 'username', detail: u.error.issues[0]?.message });
    const p = newPasswordField.safeParse(password);
    if (!p.success) add({ code: 'password', field: 'password', detail: p.error.issues[0]?.message });
    if (email) {
      const e = emailField.safeParse(email);
      if (!e.success) add({ code: 'email', field: 'email', detail: e.error.issues[0]?.message });
    }
    for (const [field, value] of [
      ['realname', realname],
      ['nickname', nickname],
      ['school', school],
    ] as const) {
      if (value.length > TEXT_MAX[field]) add({ code: 'tooLong', field, detail: `at most ${TEXT_MAX[field]} characters` });
    }
    const key = username.toLowerCase();
    const seenAt = firstUsername.get(key);
    if (seenAt !== undefined) add({ code: 'duplicateUsername', field: 'username', firstRow: seenAt });
    else firstUsername.set(key, row);
    if (email) {
      const ekey = email.toLowerCase();
      const emailAt = firstEmail.get(ekey);
      if (emailAt !== undefined) add({ code: 'duplicateEmail', field: 'email', firstRow: emailAt });
      else firstEmail.set(ekey, row);
    }
    if (problems.length === before) {
      accounts.push({ row, account: { username, password, email: email || null, realname, gender: genderOfCell(gender), nickname, school } });
    }
  });

  // Against existing accounts: every row naming a taken username or e-mail (not only the first).
  const takenUsers = await takenNames(db, 'username', [...firstUsername.keys()]);
  const takenEmails = await takenNames(db, 'email', [...firstEmail.keys()]);
  const clean: NewAccount[] = [];
  for (const { row, account } of accounts) {
    const clash: ImportRowProblem[] = [];
    if (takenUsers.has(account.username.toLowerCase())) clash.push({ row, code: 'usernameExists', field: 'username' });
    if (account.email && takenEmails.has(account.email.toLowerCase())) clash.push({ row, code: 'emailExists', field: 'email' });
    if (clash.length) problems.push(...clash);
    else clean.push(account);
  }
  // Rows with several problems stay together, in file order.
  problems.sort((a, b) => a.row - b.row);
  return { report: { rows: rows.length, skipped, valid: clean.length, imported: 0, problems }, accounts: clean };
}

/** The preview: what the import would do, nothing written. */
export async function checkImport(db: Db, rows: string[][]): Promise<ImportReport> {
  return (await checkRows(db, rows)).report;
}

/** Imports every row or none: any problem refuses the whole file (the report says which rows). */
export async function importUsers(db: Db, rows: string[][]): Promise<ImportReport> {
  const { report, accounts } = await checkRows(db, rows);
  const badRows = new Set(report.problems.map((p) => p.row)).size;
  if (badRows) throw fail('importUsersInvalid', { count: badRows }, report);
  if (!accounts.length) throw fail('importUsersEmpty', {}, report);
  const imported = await createAccounts(db, accounts);
  return { ...report, imported };
}
