import { useState } from 'react';
import { Button, ColorPicker, Input, InputNumber, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { colorString } from '../components/tagColor';
import { byPriority, newAwardRow, type AwardRow } from './contestForm';

/**
 * The award table of the contest form (awardConfigList): rows sorted by priority
 * (re-sorted when a priority is left), a preview of each award as it shows on the board, rows added
 * with a default name and removed by checkbox. `awardType` 1 reads num as a percentage, 2 as a count.
 */
export function AwardTable({ value, onChange, awardType }: { value?: AwardRow[]; onChange?: (v: AwardRow[]) => void; awardType: number }) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const patch = (key: string, change: Partial<AwardRow>) => onChange?.(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const columns: TableColumnsType<AwardRow> = [
    {
      title: t('admin.contest.award.priority'),
      dataIndex: 'priority',
      width: 90,
      render: (v: number, row) => (
        <InputNumber
          size="small"
          min={0}
          max={1000}
          precision={0}
          value={v}
          style={{ width: 70 }}
          onChange={(n) => patch(row.key, { priority: n ?? 0 })}
          onBlur={() => onChange?.(byPriority(rows))}
          aria-label={t('admin.contest.award.priority')}
        />
      ),
    },
    {
      title: t('admin.contest.award.name'),
      dataIndex: 'name',
      minWidth: 120,
      render: (v: string, row) => (
        <Input
          size="small"
          value={v}
          maxLength={50}
          status={v.trim() ? undefined : 'error'}
          onChange={(e) => patch(row.key, { name: e.target.value })}
          data-testid={`award-name-${row.priority}`}
        />
      ),
    },
    {
      title: t('admin.contest.award.background'),
      dataIndex: 'background',
      width: 70,
      render: (v: string, row) => (
        <ColorPicker size="small" value={v} disabledAlpha onChangeComplete={(c) => patch(row.key, { background: colorString(c) ?? v })} />
      ),
    },
    {
      title: t('admin.contest.award.color'),
      dataIndex: 'color',
      width: 70,
      render: (v: string, row) => <ColorPicker size="small" value={v} disabledAlpha onChangeComplete={(c) => patch(row.key, { color: colorString(c) ?? v })} />,
    },
    {
      title: awardType === 1 ? t('admin.contest.award.percent') : t('admin.contest.award.count'),
      dataIndex: 'num',
      width: 110,
      render: (v: number, row) => (
        <InputNumber
          size="small"
          min={0}
          max={awardType === 1 ? 100 : 100000}
          precision={0}
          value={v}
          suffix={awardType === 1 ? '%' : undefined}
          style={{ width: 90 }}
          onChange={(n) => patch(row.key, { num: n ?? 0 })}
          data-testid={`award-num-${row.priority}`}
        />
      ),
    },
    {
      title: t('admin.contest.award.preview'),
      key: 'preview',
      width: 110,
      render: (_v, row) => (
        <Tag style={{ background: row.background, color: row.color, borderColor: row.background }} className="oj-contest-award-tag">
          {row.name || '—'}
        </Tag>
      ),
    },
  ];

  return (
    <div className="oj-contest-awards" data-testid="contest-awards">
      <Table<AwardRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange?.(byPriority([...rows, newAwardRow(rows, t('admin.contest.award.defaultName'))]))}
          data-testid="award-add"
        >
          {t('admin.contest.award.add')}
        </Button>
        <Popconfirm
          title={t('admin.contest.award.removeConfirm', { count: selected.length })}
          disabled={!selected.length}
          onConfirm={() => {
            onChange?.(rows.filter((r) => !selected.includes(r.key)));
            setSelected([]);
          }}
        >
          <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="award-remove">
            {t('admin.contest.award.remove')}
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
