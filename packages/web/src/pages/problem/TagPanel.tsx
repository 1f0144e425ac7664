import { useMemo, useState } from 'react';
import { Card, Collapse, Empty, Input, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag as ProblemTag } from '@oj/shared';
import { useProblemTags } from '../../api/problem';

interface Props {
  /** the bank shown: 'ME' for ours (the tag panel of "All" shows ours too) */
  oj: string;
  selected: number[];
  onToggle(tag: ProblemTag): void;
}

/** The tag panel of the problem list: a search box and the tags grouped by classification. */
export function TagPanel({ oj, selected, onToggle }: Props) {
  const { t } = useTranslation();
  const { data, isPending } = useProblemTags(oj);
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data ?? [])
      .map((g) => ({ ...g, tagList: q ? g.tagList.filter((tag) => tag.name.toLowerCase().includes(q)) : g.tagList }))
      .filter((g) => g.tagList.length > 0);
  }, [data, search]);

  return (
    <Card title={t('problem.tags.title')} size="small" data-testid="tag-panel">
      <Input.Search allowClear placeholder={t('problem.tags.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('problem.tags.none')} />
      ) : (
        <Collapse
          size="small"
          ghost
          defaultActiveKey={groups.map((g) => String(g.classification?.id ?? 'none'))}
          items={groups.map((g) => ({
            key: String(g.classification?.id ?? 'none'),
            label: g.classification?.name ?? t('problem.tags.unclassified'),
            children: (
              <div className="oj-problem-tags">
                {g.tagList.map((tag) => (
                  <Tag.CheckableTag key={tag.id} checked={selected.includes(tag.id)} onChange={() => onToggle(tag)} data-testid={`tag-option-${tag.name}`}>
                    {tag.name}
                  </Tag.CheckableTag>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
