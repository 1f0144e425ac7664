import { useEffect, useRef } from 'react';
import { Button, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type FullScreenProblem, contestRule } from '@oj/shared';
import { problemApi, problemKeys } from '../../../api/problem';
import { useSession } from '../../../app/session';
import { ContestOwnStatus } from './ContestOwnStatus';

/** Where the bar's problems come from when they are not a contest's (a training's). */
export interface ProblemNavSource {
  queryKey: readonly unknown[];
  queryFn: () => Promise<FullScreenProblem[]>;
}

/**
 * The focus mode's bottom bar (HOJ ProblemHorizontalMenu): previous / next and every problem of the
 * contest with the viewer's own state (and score in OI), from get-full-screen-problem-list; a
 * training passes its own `source`.
 */
export function ProblemNavBar({
  cid,
  contestType,
  current,
  pathOf,
  source,
}: {
  cid: number;
  contestType: number;
  current: string;
  pathOf(displayId: string): string;
  source?: ProblemNavSource;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const list = useQuery({
    queryKey: source?.queryKey ?? problemKeys.fullScreenList(cid, user?.uid ?? ''),
    queryFn: source?.queryFn ?? (() => problemApi.fullScreenList(cid)),
    enabled: !!user,
    retry: false,
  });
  const items = list.data ?? [];
  const index = items.findIndex((p) => p.problemId.toUpperCase() === current.toUpperCase());
  const prev = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 && index < items.length - 1 ? items[index + 1] : undefined;
  const active = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    active.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);
  const oi = contestRule(contestType).scored;

  return (
    <nav className="oj-problem-navbar" aria-label={t('contestProblem.nav.bar')} data-testid="problem-navbar">
      <Tooltip title={prev ? `${prev.problemId} ${prev.title}` : undefined}>
        <Button icon={<LeftOutlined />} disabled={!prev} onClick={() => prev && navigate(pathOf(prev.problemId))} data-testid="nav-prev">
          {t('contestProblem.nav.prev')}
        </Button>
      </Tooltip>
      <div className="oj-problem-navbar-items">
        {items.map((p, i) => (
          <Link
            key={p.pid}
            ref={i === index ? active : undefined}
            to={pathOf(p.problemId)}
            className={i === index ? 'oj-problem-navbar-item oj-active' : 'oj-problem-navbar-item'}
            title={`${p.problemId} ${p.title}`}
            aria-current={i === index ? 'page' : undefined}
            data-testid={`nav-problem-${p.problemId}`}
          >
            <ContestOwnStatus status={p.status} />
            <b>{p.problemId}</b>
            <span className="oj-problem-navbar-title">{p.title}</span>
            {oi && p.score !== null && <span className="oj-problem-navbar-score">{p.score}</span>}
          </Link>
        ))}
      </div>
      <Tooltip title={next ? `${next.problemId} ${next.title}` : undefined}>
        <Button disabled={!next} onClick={() => next && navigate(pathOf(next.problemId))} data-testid="nav-next">
          {t('contestProblem.nav.next')}
          <RightOutlined />
        </Button>
      </Tooltip>
    </nav>
  );
}
