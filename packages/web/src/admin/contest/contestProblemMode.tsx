import { useMemo } from 'react';
import { Alert, Card, Col, Form, Input, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContestProblemLink } from '@oj/shared';
import { adminContestApi } from '../../api/adminContest';
import { quietly } from '../../api/client';
import type { AdminProblemSaveBody } from '../../api/adminProblem';
import { nextDisplayId } from './nextDisplayId';
import { useUsedDisplayIds } from './useUsedDisplayIds';
import './contest-admin.css';

/**
 * The problem editor opened from a contest (spec 3 §2 contest/{contestId}/problem/create and
 * contest/{contestId}/problem/{problemId}/edit): the contest's rule fixes the problem type, a new
 * problem is a contest problem (auth 3), and the display id and title in the contest are edited with it.
 */
export interface ContestProblemMode {
  cid: number;
  /** the contest's rule: a new problem gets this type */
  type: 0 | 1;
  title: string;
  /** the problem's place in the contest (edit), or null (create) */
  link: ContestProblemLink | null;
  /** the display id offered to a new problem */
  suggestedId: string;
}

/** Extra fields the editor carries in contest mode. */
export interface ContestPlaceValues {
  contestDisplayId: string;
  contestDisplayTitle: string;
}

export const contestProblemsPath = (cid: number) => `/admin/contest/${cid}/problems`;

/**
 * Loads what the editor needs in contest mode; `mode` stays undefined outside a contest. `invalid`:
 * the route's contest id is no id at all (the page says the contest does not exist).
 */
export function useContestProblemMode(contestId: string | undefined, pid: number | undefined) {
  const cid = contestId !== undefined ? Number(contestId) : undefined;
  const inContest = cid !== undefined;
  const valid = inContest && Number.isInteger(cid) && cid > 0;
  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => adminContestApi.get(cid!)), enabled: valid, retry: false });
  const link = useQuery({
    queryKey: ['admin-contest-link', cid, pid],
    queryFn: quietly(() => adminContestApi.problemLink(cid!, pid!)),
    enabled: valid && pid !== undefined,
    retry: false,
    gcTime: 0,
  });
  const letters = useUsedDisplayIds(cid!, valid && pid === undefined);
  const invalid = inContest && !valid;
  // Both loads are quiet: the editor page shows this error as its only message.
  const error = contest.error ?? link.error ?? null;
  const pending = inContest && !invalid && !error && (!contest.data || (pid !== undefined && !link.data) || (pid === undefined && !letters.data));
  // One object per loaded state, so the editor's starting values are computed once.
  const mode = useMemo<ContestProblemMode | undefined>(
    () =>
      inContest && contest.data && !pending
        ? {
            cid: cid!,
            type: contest.data.type === 1 ? 1 : 0,
            title: contest.data.title,
            link: link.data ?? null,
            suggestedId: nextDisplayId(letters.data ?? []),
          }
        : undefined,
    [inContest, cid, contest.data, link.data, letters.data, pending],
  );
  return { inContest, invalid, pending, error, mode };
}

/** The form's starting values in contest mode. */
export function contestInitial<V extends { type: 0 | 1; auth: 1 | 2 | 3 }>(mode: ContestProblemMode, base: V, editing: boolean): V & ContestPlaceValues {
  return {
    ...base,
    ...(editing ? {} : { type: mode.type, auth: 3 as const }),
    contestDisplayId: mode.link?.displayId ?? mode.suggestedId,
    contestDisplayTitle: mode.link?.displayTitle ?? '',
  };
}

/** Saves the problem together with its place in the contest (POST/PUT /api/admin/contest/problem). */
export function saveContestProblem(mode: ContestProblemMode, body: AdminProblemSaveBody, v: ContestPlaceValues) {
  const place = { cid: mode.cid, displayId: v.contestDisplayId.trim(), displayTitle: v.contestDisplayTitle.trim() || null };
  return mode.link ? adminContestApi.updateProblem(place, body) : adminContestApi.createProblem(place, body);
}

/** The card with the display id (required) and title in the contest. */
export function ContestPlaceFields({ mode }: { mode: ContestProblemMode }) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.contest.inContest', { title: mode.title })} data-testid="contest-problem-place">
      <Alert type="info" showIcon className="oj-contest-tip" title={t(mode.type === 0 ? 'admin.contest.createTipAcm' : 'admin.contest.createTipOi')} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="contestDisplayId"
            label={t('admin.contest.displayId')}
            tooltip={t('admin.contest.displayIdHint')}
            rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.contest.displayId') }) }]}
          >
            <Input maxLength={20} data-testid="field-contest-display-id" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="contestDisplayTitle" label={t('admin.contest.displayTitle')} extra={t('admin.contest.displayTitleHint')}>
            <Input maxLength={255} data-testid="field-contest-display-title" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
