import './discussion.css';
import '../../components/comments/comments.css';
import { useEffect, useState } from 'react';
import { Button, Card, Empty, Input, Pagination, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, discussionListQuery, may, type DiscussionDetail, type DiscussionListRow } from '@oj/shared';
import { discussionApi, discussionKeys, useDiscussionCategories, useDiscussionList } from '../../api/discussion';
import { useListState } from '../../components/list/useListState';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { abilityReason } from '../../components/abilityReason';
import { loggedInOrAsk } from '../../components/comments/loginFirst';
import { useDiscussionPlace } from '../../components/discussion/place';
import { CategoryDialog } from './CategoryDialog';
import { DiscussionEditor } from './DiscussionEditor';
import { DiscussionItem } from './DiscussionItem';
import { categoryLabel } from './categoryLabel';

/** The address bar's part of the query (keyword, cid, onlyMine, currentPage); the problem comes from the route. */
const addressQuery = discussionListQuery.omit({ pid: true });
/** The list's size is fixed: a `limit` in the address is not read. */
const PAGER = { pageSizes: [DISCUSSION_LIMITS.pageSize] };

/**
 * /discussion and /discussion/:problemID (the group discussions' list layout): 10 a page, top
 * ones first; keyword, category and "only mine" filters; post, and the super admin's categories.
 */
export default function DiscussionListPage() {
  const { t } = useTranslation();
  const { problemID } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const place = useDiscussionPlace();
  const actor = place.actor;
  const [state, update] = useListState(addressQuery, undefined, PAGER);
  const filter = { ...state, onlyMine: state.onlyMine || undefined, pid: problemID };
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const categories = useDiscussionCategories();
  const list = useDiscussionList(filter, place);
  const [editor, setEditor] = useState<{ editing: DiscussionDetail | null } | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  const post = () => {
    if (loggedInOrAsk(t)) setEditor({ editing: null });
  };
  const edit = async (d: DiscussionListRow) => {
    try {
      setEditor({ editing: await discussionApi.detail(d.id) });
    } catch {
      /* the client has shown the server's message */
    }
  };
  const remove = async (d: DiscussionListRow) => {
    await place.remove(d.id);
    feedback.success(t('discussion.deleted'));
    void client.invalidateQueries({ queryKey: discussionKeys.lists });
  };

  const rows = list.data?.records ?? [];
  // Why the server would refuse a post now (rights, solved problems, the daily limit): said before the form.
  const refusal = token ? abilityReason(t, list.data?.mayPost) : null;
  return (
    <div className="oj-page" data-testid="discussion-list">
      <Card
        title={problemID ? t('discussion.problemHeading', { pid: problemID }) : t('discussion.heading')}
        extra={
          <Space wrap>
            {problemID && (
              <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(place.listPath())} data-testid="discussion-back">
                {t('discussion.backToAll')}
              </Button>
            )}
            {place.gid === null && may(actor, 'editDiscussionCategories', { kind: 'site' }) && (
              <Button icon={<SettingOutlined />} onClick={() => setCategoriesOpen(true)} data-testid="discussion-categories">
                {t('discussion.categories.title')}
              </Button>
            )}
            {refusal && (
              <Typography.Text type="secondary" className="oj-discussion-post-reason" data-testid="discussion-post-reason">
                {refusal}
              </Typography.Text>
            )}
            <Tooltip title={refusal}>
              <Button type="primary" icon={<EditOutlined />} onClick={post} disabled={!!refusal} data-testid="discussion-post">
                {problemID ? t('discussion.postProblem') : t('discussion.post')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        <Space orientation="vertical" size={8} className="oj-discussion-filters">
          <Space wrap size={12}>
            <Input.Search
              allowClear
              placeholder={t('discussion.keyword')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => update({ keyword: v.trim() || undefined })}
              className="oj-discussion-search"
              data-testid="discussion-keyword"
            />
            {token && (
              <Space size={6}>
                <Switch size="small" checked={!!filter.onlyMine} onChange={(on) => update({ onlyMine: on || undefined })} data-testid="discussion-only-mine" />
                <Typography.Text>{t('discussion.onlyMine')}</Typography.Text>
              </Space>
            )}
          </Space>
          <Space wrap size={[4, 8]}>
            <Typography.Text type="secondary">{t('discussion.category')}</Typography.Text>
            <Tag.CheckableTag checked={filter.cid === undefined} onChange={() => update({ cid: undefined })} data-testid="discussion-category-all">
              {t('discussion.all')}
            </Tag.CheckableTag>
            {(categories.data ?? []).map((c) => (
              <Tag.CheckableTag key={c.id} checked={filter.cid === c.id} onChange={() => update({ cid: c.id })} data-testid={`discussion-category-${c.id}`}>
                {categoryLabel(t, c.name)}
              </Tag.CheckableTag>
            ))}
          </Space>
        </Space>
        {list.isPending ? (
          <Spin className="oj-page-spin" />
        ) : list.isError ? (
          <Empty description={list.error.message || t('common.loadFailed')} />
        ) : rows.length === 0 ? (
          <Empty description={t('discussion.empty')} />
        ) : (
          rows.map((d) => <DiscussionItem key={d.id} d={d} onEdit={(x) => void edit(x)} onDelete={remove} />)
        )}
        <Pagination
          className="oj-discussion-pager"
          current={filter.currentPage}
          pageSize={DISCUSSION_LIMITS.pageSize}
          total={list.data?.total ?? 0}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={(currentPage) => update({ currentPage })}
        />
      </Card>
      <DiscussionEditor
        open={!!editor}
        editing={editor?.editing ?? null}
        pid={problemID ?? null}
        onClose={() => setEditor(null)}
        onSaved={(d) => {
          setEditor(null);
          feedback.success(t('discussion.saved'));
          void client.invalidateQueries({ queryKey: discussionKeys.lists });
          if (!editor?.editing) void navigate(place.detailPath(d.id));
        }}
      />
      <CategoryDialog open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
    </div>
  );
}
