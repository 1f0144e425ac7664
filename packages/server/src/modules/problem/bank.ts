/**
 * The bank: the site owner's problems, never one made in a group (HOJ's is_group flag stays false on
 * them). The public problem list, "add from public" of contests and trainings, and the problems a caller
 * may hand out read it here, so which rows are the bank's is written once and asks no owner kind.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { problems } from '../../db/schema/index.js';
import { ownerFilter, siteOwner } from '../owner/index.js';

/** The bank's rows, as a condition on `problem`. */
export const bankProblems: SQL = and(ownerFilter(siteOwner(null), problems.gid), eq(problems.isGroup, false))!;
