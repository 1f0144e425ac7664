import { Card, Input, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionListQuery, type SessionInfo } from '@oj/shared';
import { adminSessionApi, adminSiteKeys } from '../../../api/adminSite';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/time';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';
import { describeUserAgent } from './userAgent';

/** The session id (jti) inside our own token, to mark "this login" in the list. */
function ownSessionId(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1];
    return payload ? ((JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { jti?: string }).jti ?? null) : null;
  } catch {
    return null;
  }
}

type State = 'active' | 'revoked' | 'expired';
const stateOf = (s: SessionInfo): State => (s.active ? 'active' : s.revokedAt ? 'revoked' : 'expired');
const STATE_COLOR: Record<State, string> = { active: 'green', revoked: 'red', expired: 'default' };

/**
 * Logins of every user (super admin): user, IP, browser, created, last seen and
 * state, newest first; filter by username; revoke after confirming (the token stops working at once).
 */
export default function SessionAdminPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const own = ownSessionId(token);
  const paging = useSearchFilters(sessionListQuery);
  const { page: currentPage, limit, setFilter } = paging;
  const username = paging.state.username ?? '';
  const q = { currentPage, limit, username: username || undefined };
  const crud = useCrudList({ key: adminSiteKeys.sessions, query: q, list: adminSessionApi.list, paging });
  // A revoked login stays in the list (its state changes), so revoking is a change, not a delete.
  const revoke = useCrudAction(crud, (id: string) => adminSessionApi.revoke(id), 'admin.updated');

  const columns: TableColumnsType<SessionInfo> = [
    {
      title: t('admin.site.session.user'),
      dataIndex: 'username',
      width: 140,
      render: (v: string, s) => (
        <span data-testid={`session-user-${s.id}`}>
          {v}
          {s.id === own && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              {t('admin.site.session.current')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('admin.site.session.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('admin.site.session.browser'),
      dataIndex: 'userAgent',
      width: 180,
      render: (v: string | null, row) =>
        row.apiToken !== null ? (
          <Tag data-testid="session-api-token">{t('admin.site.session.apiToken', { name: row.apiToken })}</Tag>
        ) : (
          <Tooltip title={v}>
            <span>{describeUserAgent(v)}</span>
          </Tooltip>
        ),
    },
    { title: t('admin.site.session.created'), dataIndex: 'createdAt', width: 170, responsive: ['md'], render: (v: string) => formatDateTime(v) },
    { title: t('admin.site.session.lastSeen'), dataIndex: 'lastActiveAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.site.session.state'),
      key: 'state',
      width: 100,
      render: (_v, s) => {
        const state = stateOf(s);
        return (
          <Tag color={STATE_COLOR[state]} data-testid={`session-state-${s.id}`}>
            {t(`admin.site.session.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, s) =>
        s.active && (
          <DeleteButton
            confirm={s.id === own ? t('admin.site.session.revokeOwnConfirm') : t('admin.site.session.revokeConfirm', { username: s.username })}
            tooltip={t('admin.site.session.revoke')}
            onConfirm={() => revoke.mutate(s.id)}
            testId={`session-revoke-${s.id}`}
            okTestId="session-revoke-ok"
          />
        ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-sessions">
      <Card title={t('admin.menu.session')}>
        <div className="oj-admin-filters">
          <Input.Search
            allowClear
            defaultValue={username}
            placeholder={t('admin.site.session.filter')}
            onSearch={(v) => setFilter({ username: v.trim() })}
            style={{ maxWidth: 320 }}
            data-testid="session-filter"
          />
        </div>
        <CrudTable<SessionInfo> rowKey="id" columns={columns} crud={crud} paging={paging} data-testid="session-table" />
      </Card>
    </div>
  );
}
