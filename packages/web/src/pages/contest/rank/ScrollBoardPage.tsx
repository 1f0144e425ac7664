import './scrollboard.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, ConfigProvider, Result, Spin, theme, Tooltip } from 'antd';
import { CaretRightOutlined, FastForwardOutlined, PauseOutlined, RedoOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, DEFAULT_AWARDS, type ScrollBoardInfo, type ScrollBoardSubmission } from '@oj/shared';
import { contestRankApi, contestRankKeys } from '../../../api/contestRank';
import { openAuthDialog } from '../../../app/dialogs/dialogStore';
import { useSession } from '../../../app/session';
import { UserAvatar } from '../../../components/UserAvatar';
import { Balloon } from './Balloon';
import { acmCellKind, acmTries, hms } from './format';
import {
  buildResolver,
  defaultMedals,
  finish,
  initialState,
  nextStep,
  settled,
  totalSteps,
  type Resolver,
  type ResolverRow,
  type ResolverState,
} from './resolver';

const ROW_HEIGHT = 56;
const AUTO_MS = 1500;
const MEDAL_COLORS = ['', DEFAULT_AWARDS[0].background, DEFAULT_AWARDS[1].background, DEFAULT_AWARDS[2].background];
const MEDAL_KEYS = ['', 'gold', 'silver', 'bronze'];

function Cell({ row, displayId, next, flash }: { row: ResolverRow; displayId: string; next: boolean; flash: boolean }) {
  const { t } = useTranslation();
  const cell = row.cells[displayId];
  const kind = acmCellKind(cell);
  const cls = ['oj-rb-cell', `oj-rb-${kind}`, next ? 'oj-rb-next' : '', flash ? 'oj-rb-flash' : ''].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid={`rb-cell-${row.username}-${displayId}`} data-kind={kind}>
      {cell && kind !== 'none' ? (
        <>
          <span className="oj-rb-cell-main">{kind === 'try' ? '?' : kind === 'wa' ? `−${cell.errorNum}` : hms(cell.ACTime)}</span>
          <span className="oj-rb-cell-sub">{t('scoreboard.table.tries', { count: acmTries(cell) })}</span>
        </>
      ) : null}
    </div>
  );
}

function Board({ info, resolver }: { info: ScrollBoardInfo; resolver: Resolver }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResolverState>(() => initialState(resolver));
  const [auto, setAuto] = useState(false);
  const total = useMemo(() => totalSteps(resolver), [resolver]);
  const done = state.focus < 0;
  // Auto-play ends by itself with the last reveal.
  const playing = auto && !done;
  const listRef = useRef<HTMLDivElement>(null);

  const next = useCallback(() => setState((s) => nextStep(resolver, s)), [resolver]);
  const all = useCallback(() => {
    setAuto(false);
    setState((s) => finish(resolver, s));
  }, [resolver]);
  const restart = useCallback(() => {
    setAuto(false);
    setState(initialState(resolver));
  }, [resolver]);

  // Keyboard: Enter or Space reveals the next result (spec: a presenter's clicker sends these).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable]')) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowRight') {
        e.preventDefault();
        next();
      } else if (e.key === 'End') {
        e.preventDefault();
        all();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, all]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(next, AUTO_MS);
    return () => window.clearInterval(timer);
  }, [playing, next]);

  // Keep the row being revealed in view (it walks up from the bottom).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const index = state.focus >= 0 ? state.focus : 0;
    const top = list.getBoundingClientRect().top + window.scrollY + index * ROW_HEIGHT;
    const target = Math.max(0, top - window.innerHeight / 2 + ROW_HEIGHT / 2);
    window.scrollTo({ top: target, behavior: state.step === 0 ? 'auto' : 'smooth' });
  }, [state.focus, state.step]);

  const position = new Map(state.rows.map((r, i) => [r.uid, i]));
  const byUid = new Map(state.rows.map((r) => [r.uid, r]));
  const focusRow = state.focus >= 0 ? state.rows[state.focus] : undefined;
  const columns = `64px minmax(200px, 1fr) 64px 96px repeat(${resolver.problems.length}, 76px)`;
  const minWidth = 64 + 200 + 64 + 96 + resolver.problems.length * 76 + 16;

  return (
    <div className="oj-rb" data-testid="scroll-board" data-step={state.step} data-total={total} data-done={done ? 'true' : 'false'}>
      <header className="oj-rb-bar">
        <div className="oj-rb-title">
          <h1 data-testid="rb-title">{info.title}</h1>
          <span className="oj-rb-status" data-testid="rb-status">
            {done
              ? t('scoreboard.scroll.final')
              : state.step === 0
                ? t('scoreboard.scroll.frozen', { count: total })
                : t('scoreboard.scroll.progress', { step: state.step, total })}
          </span>
        </div>
        <div className="oj-rb-actions">
          <span className="oj-rb-medals">
            {[1, 2, 3].map((m) => (
              <span key={m} className="oj-rb-medal-chip" style={{ background: MEDAL_COLORS[m] }}>
                {t(`scoreboard.scroll.${MEDAL_KEYS[m]}`)} {resolver.medalCounts[m - 1] ?? 0}
              </span>
            ))}
          </span>
          <Tooltip title={t('scoreboard.scroll.nextTip')}>
            <Button type="primary" icon={<StepForwardOutlined />} disabled={done} onClick={next} data-testid="rb-next">
              {t('scoreboard.scroll.next')}
            </Button>
          </Tooltip>
          <Button icon={playing ? <PauseOutlined /> : <CaretRightOutlined />} disabled={done} onClick={() => setAuto(!playing)} data-testid="rb-auto">
            {playing ? t('scoreboard.scroll.pause') : t('scoreboard.scroll.auto')}
          </Button>
          <Tooltip title={t('scoreboard.scroll.allTip')}>
            <Button icon={<FastForwardOutlined />} disabled={done} onClick={all} data-testid="rb-all">
              {t('scoreboard.scroll.all')}
            </Button>
          </Tooltip>
          <Button icon={<RedoOutlined />} disabled={state.step === 0} onClick={restart} data-testid="rb-restart">
            {t('scoreboard.scroll.restart')}
          </Button>
        </div>
      </header>
      <div className="oj-rb-scroll">
        <div className="oj-rb-table" style={{ minWidth }}>
          <div className="oj-rb-head" style={{ gridTemplateColumns: columns }}>
            <span>{t('scoreboard.table.rank')}</span>
            <span>{t('scoreboard.table.user')}</span>
            <span>{t('scoreboard.table.solved')}</span>
            <span>{t('scoreboard.table.penalty')}</span>
            {resolver.problems.map((p) => (
              <span key={p.displayId} className="oj-rb-head-problem" title={p.displayTitle}>
                <Balloon color={p.color} size={18} />
                {p.displayId}
              </span>
            ))}
          </div>
          <div className="oj-rb-list" ref={listRef} style={{ height: state.rows.length * ROW_HEIGHT }} data-testid="rb-list">
            {/* Rows stay in one DOM order and move by transform, so a row that climbs glides up. */}
            {resolver.initial.map(({ uid }) => {
              const row = byUid.get(uid)!;
              const index = position.get(uid)!;
              const medal = settled(state, index) ? (resolver.medals.get(uid) ?? 0) : 0;
              const focus = index === state.focus;
              const last = state.last?.uid === uid ? state.last : null;
              return (
                <div
                  key={uid}
                  className={[
                    'oj-rb-row',
                    index % 2 ? 'oj-rb-odd' : '',
                    focus ? 'oj-rb-focus' : '',
                    medal ? `oj-rb-medal oj-rb-medal-${medal}` : '',
                    last && last.to < last.from ? 'oj-rb-climbed' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  style={{
                    gridTemplateColumns: columns,
                    transform: `translateY(${index * ROW_HEIGHT}px)`,
                    zIndex: focus || last ? 2 : 1,
                    ['--oj-medal' as string]: MEDAL_COLORS[medal] || undefined,
                  }}
                  data-testid={`rb-row-${row.username}`}
                  data-index={index}
                  data-rank={row.rank}
                  data-medal={MEDAL_KEYS[medal] || undefined}
                  data-pending={row.pending.length}
                >
                  <span className="oj-rb-rank">{row.star ? '*' : row.rank}</span>
                  <span className="oj-rb-user">
                    <UserAvatar src={row.avatar} name={row.showName} size={30} />
                    <span className="oj-rb-user-text">
                      <span className="oj-rb-name">
                        {row.showName}
                        {medal ? <span className="oj-rb-medal-label">{t(`scoreboard.scroll.${MEDAL_KEYS[medal]}`)}</span> : null}
                      </span>
                      {row.school ? <span className="oj-rb-school">{row.school}</span> : null}
                    </span>
                  </span>
                  <span className="oj-rb-solved" data-testid={`rb-ac-${row.username}`}>
                    {row.ac}
                  </span>
                  <span className="oj-rb-penalty">{hms(row.totalTime)}</span>
                  {resolver.problems.map((p) => (
                    <Cell
                      key={p.displayId}
                      row={row}
                      displayId={p.displayId}
                      next={focus && focusRow?.pending[0] === p.displayId}
                      flash={!!last && last.displayId === p.displayId}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <footer className="oj-rb-foot">{t('scoreboard.scroll.keys')}</footer>
    </div>
  );
}

/** The page's dark look: antd's dark algorithm for its buttons and messages. */
const DARK = { algorithm: theme.darkAlgorithm };

function Frame({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={DARK}>
      <div className="oj-rb oj-rb-center" data-testid="scroll-board-message">
        {children}
      </div>
    </ConfigProvider>
  );
}

/**
 * /scrollBoard?cid=…&removeStar=…&medals[]=g&medals[]=s&medals[]=b — the scroll board (resolver) of an
 * ACM contest in a window of its own, for its contest admin after the end. It starts from
 * the frozen board and reveals the results after the seal one by one from the bottom row upward.
 */
export default function ScrollBoardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { token } = useSession();
  const cid = Number(params.get('cid'));
  const removeStar = params.get('removeStar') === 'true';
  // As a string, so the resolver below is rebuilt only when the counts really change.
  const medalParam = (params.getAll('medals[]').length ? params.getAll('medals[]') : params.getAll('medals')).join(',');
  const valid = Number.isInteger(cid) && cid > 0;
  const data = useQuery({
    queryKey: contestRankKeys.scroll(cid, removeStar),
    queryFn: async (): Promise<{ info: ScrollBoardInfo; submissions: ScrollBoardSubmission[] }> => {
      const [info, submissions] = await Promise.all([
        contestRankApi.scrollInfo(cid, { silent: true }),
        contestRankApi.scrollSubmissions(cid, removeStar, { silent: true }),
      ]);
      return { info, submissions };
    },
    enabled: valid && !!token,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const resolver = useMemo(() => {
    if (!data.data) return null;
    const given = medalParam ? medalParam.split(',').map((m) => Math.max(0, Math.floor(Number(m) || 0))) : [];
    // Without three counts in the address, the defaults follow the ranked users, known while building.
    const counts = given.length === 3 ? given : (ranked: number) => defaultMedals(ranked, CONTEST_LIMITS.medalPercents);
    return buildResolver(data.data.info, data.data.submissions, counts);
  }, [data.data, medalParam]);

  useEffect(() => {
    const before = document.title;
    if (data.data) document.title = `${data.data.info.title} · ${t('scoreboard.scroll.title')}`;
    return () => {
      document.title = before;
    };
  }, [data.data, t]);

  if (!valid)
    return (
      <Frame>
        <Result status="warning" title={t('msg.contestNotFound')} />
      </Frame>
    );
  if (!token)
    return (
      <Frame>
        <Result
          status="403"
          title={t('scoreboard.scroll.loginFirst')}
          extra={
            <Button type="primary" onClick={() => openAuthDialog('login')} data-testid="rb-login">
              {t('scoreboard.scroll.login')}
            </Button>
          }
        />
      </Frame>
    );
  if (data.isError)
    return (
      <Frame>
        <Result status="warning" title={data.error.message} data-testid="rb-error" />
      </Frame>
    );
  if (!resolver || !data.data)
    return (
      <Frame>
        <Spin size="large" />
      </Frame>
    );
  return (
    <ConfigProvider theme={DARK}>
      <Board info={data.data.info} resolver={resolver} />
    </ConfigProvider>
  );
}
