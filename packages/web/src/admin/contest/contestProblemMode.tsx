import { contestRule, type ContestRule } from '@oj/shared';
import { useMemo } from 'react';
import { Alert, Card, Col, Form, Input, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminContestApi } from '../../api/adminContest';
import { quietly } from '../../api/client';
import type { PlacementState } from '../problemPlacement';
import { contestPlacement, type ContestProblemMode } from './contestPlacement';
import { nextDisplayId } from './nextDisplayId';
import { useUsedDisplayIds } from './useUsedDisplayIds';
import './contest-admin.css';

/** The tip per contest format (rule key). */
const CREATE_TIP: Record<ContestRule['key'], string> = {
  acm: 'admin.contest.createTipAcm',
  oi: 'admin.contest.createTipOi',
  ioi: 'admin.contest.createTipIoi',
};

/**
 * Loads the contest placement of the problem editor (route contest/:contestId/problem/…). A route
 * contest id that is no id at all is "contest not found"; load failures are the page's only message.
 */
export function useContestPlacement(contestId: string | undefined, pid: number | undefined): PlacementState {
  const { t } = useTranslation();
  const cid = Number(contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => adminContestApi.get(cid)), enabled: valid, retry: false });
  const link = useQuery({
    queryKey: ['admin-contest-link', cid, pid],
    queryFn: quietly(() => adminContestApi.problemLink(cid, pid!)),
    enabled: valid && pid !== undefined,
    retry: false,
    gcTime: 0,
  });
  const letters = useUsedDisplayIds(cid, valid && pid === undefined);
  const error = contest.error ?? link.error ?? null;
  const pending = valid && !error && (!contest.data || (pid !== undefined && !link.data) || (pid === undefined && !letters.data));
  // One object per loaded state, so the editor's starting values are computed once.
  const placement = useMemo(() => {
    if (!valid || !contest.data || pending) return undefined;
    const mode: ContestProblemMode = {
      cid,
      type: contestRule(contest.data.type).problemType,
      contestType: contest.data.type,
      title: contest.data.title,
      link: link.data ?? null,
      suggestedId: nextDisplayId(letters.data ?? []),
    };
    return contestPlacement(mode, t, <ContestPlaceFields mode={mode} />);
  }, [t, valid, cid, contest.data, link.data, letters.data, pending]);
  if (!valid) return { pending: false, error: null, notFound: 'msg.contestNotFound' };
  return { placement, pending, error };
}

/** The card with the display id (required) and title in the contest. */
function ContestPlaceFields({ mode }: { mode: ContestProblemMode }) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.contest.inContest', { title: mode.title })} data-testid="contest-problem-place">
      <Alert type="info" showIcon className="oj-contest-tip" title={t(CREATE_TIP[contestRule(mode.contestType).key])} />
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
