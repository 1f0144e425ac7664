import { useState } from 'react';
import { Alert, Button, Card, Input, Progress, Radio, Select, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_VISIBILITIES, type AdminProblemListRow, type ImportItemReport, type ImportVisibility } from '@oj/shared';
import { adminProblemApi } from '../../api/adminProblem';
import { quietly } from '../../api/client';
import { importFormatsApi, importProblems, type ImportProgress } from '../../api/importProblems';
import { feedback } from '../../app/feedback';
import { translateMsg } from '../../app/i18n';
import { ADMIN_PAGE_SIZES } from '../problemOptions';

/** Names of the formats as their projects spell them (not translated); an unknown one shows its id. */
const FORMAT_NAMES: Record<string, string> = { fps: 'FPS XML', hoj: 'HOJ', qduoj: 'QDUOJ', hydro: 'Hydro', polygon: 'Polygon', kattis: 'Kattis / ICPC' };
const formatName = (f: string) => FORMAT_NAMES[f] ?? f;

const STATUS_COLOR: Record<ImportItemReport['status'], string> = { imported: 'success', warning: 'warning', refused: 'error' };

interface ImportState {
  progress: ImportProgress;
  items: ImportItemReport[];
  /** the server's last fraction of the file read */
  fraction?: number;
  format?: string;
  error?: string;
  done?: { imported: number; warned: number; refused: number };
}

/** The per-problem report: what became of each problem of the file, refusals and warnings with their reasons. */
function ImportReport({ items }: { items: ImportItemReport[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ImportItemReport> = [
    { title: '#', dataIndex: 'index', width: 60, render: (i: number) => i + 1 },
    { title: t('admin.batch.colSource'), dataIndex: 'source', ellipsis: true },
    {
      title: t('admin.batch.colStatus'),
      dataIndex: 'status',
      width: 190,
      filters: (['imported', 'warning', 'refused'] as const).map((s) => ({ text: t(`admin.batch.status.${s}`), value: s })),
      onFilter: (v, r) => r.status === v,
      render: (s: ImportItemReport['status']) => <Tag color={STATUS_COLOR[s]}>{t(`admin.batch.status.${s}`)}</Tag>,
    },
    { title: t('admin.batch.colProblem'), dataIndex: 'problemId', width: 120, render: (id?: string) => id ?? '–' },
    {
      title: t('admin.batch.colVisibility'),
      dataIndex: 'visibility',
      width: 170,
      render: (v?: ImportVisibility) => (v ? <Tag color={v === 'public' ? 'green' : 'default'}>{t(`admin.batch.visibilities.${v}`)}</Tag> : '–'),
    },
    {
      title: t('admin.batch.colDetails'),
      key: 'details',
      render: (_, r) => (
        <div className="oj-import-details">
          {r.reason && <div className="oj-import-reason">{translateMsg(r.reason)}</div>}
          {r.warnings.map((w) => (
            <div key={w}>{translateMsg(w)}</div>
          ))}
        </div>
      ),
    },
  ];
  return (
    <Table<ImportItemReport>
      rowKey="index"
      size="small"
      columns={columns}
      dataSource={items}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      data-testid="import-report"
    />
  );
}

/**
 * The batch import (problem/batch-operation): one file in any format the server reads (the
 * list comes from the server; "detect" lets it recognise the file), a progress bar (upload, then the
 * server's progress through the file) and the report of every problem as it is imported.
 */
function ImportCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const formats = useQuery({ queryKey: ['import-formats'], queryFn: quietly(importFormatsApi), staleTime: Number.POSITIVE_INFINITY });
  const [format, setFormat] = useState('auto');
  // Imports are private until an administrator publishes them, unless public is chosen here.
  const [visibility, setVisibility] = useState<ImportVisibility>('private');
  const [state, setState] = useState<ImportState | null>(null);
  const busy = !!state && !state.done && !state.error;
  const list = formats.data ?? [];
  const accept = [...new Set((format === 'auto' ? list : list.filter((f) => f.format === format)).flatMap((f) => f.accept))];
  const upload = async (file: File) => {
    if (accept.length && !accept.some((ext) => file.name.toLowerCase().endsWith(ext))) {
      feedback.warning(t('msg.fileTypeNotSupport'));
      return;
    }
    setState({ progress: { phase: 'upload', fraction: 0 }, items: [] });
    try {
      await importProblems(file, format, visibility, {
        progress: (progress) => setState((s) => (s ? { ...s, progress } : s)),
        event: (ev) =>
          setState((s) => {
            if (!s) return s;
            if (ev.type === 'start') return { ...s, format: ev.format, progress: { phase: 'import' } };
            if (ev.type === 'item') return { ...s, items: [...s.items, ev.item], fraction: ev.progress ?? s.fraction };
            if (ev.type === 'error') return { ...s, error: ev.msg };
            return { ...s, done: { imported: ev.imported, warned: ev.warned, refused: ev.refused }, fraction: 1 };
          }),
      });
      void client.invalidateQueries({ queryKey: ['admin-problems'] });
      void client.invalidateQueries({ queryKey: ['admin-problem-count'] });
    } catch {
      // The refusal was shown as a toast; nothing was imported.
      setState(null);
    }
  };
  const percent = !state
    ? 0
    : state.done
      ? 100
      : state.progress.phase === 'upload'
        ? Math.round((state.progress.fraction ?? 0) * 100)
        : Math.round((state.fraction ?? 0) * 100);
  const phaseText = !state
    ? ''
    : state.done
      ? t('admin.batch.summary', state.done)
      : state.progress.phase === 'upload'
        ? t('admin.batch.uploading')
        : t('admin.batch.importingCount', { count: state.items.length });
  return (
    <Card
      title={t('admin.batch.importTitle')}
      extra={
        <Select
          value={format}
          onChange={setFormat}
          disabled={busy}
          style={{ minWidth: 200 }}
          aria-label={t('admin.batch.format')}
          options={[{ value: 'auto', label: t('admin.batch.formatAuto') }, ...list.map((f) => ({ value: f.format, label: formatName(f.format) }))]}
          data-testid="import-format"
        />
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <span id="import-visibility-label">{t('admin.batch.visibility')}</span>
        <Radio.Group
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as ImportVisibility)}
          disabled={busy}
          aria-labelledby="import-visibility-label"
          options={IMPORT_VISIBILITIES.map((v) => ({ value: v, label: t(`admin.batch.visibilities.${v}`) }))}
          data-testid="import-visibility"
        />
      </div>
      <div data-testid="import-file">
        <Upload.Dragger
          accept={accept.join(',')}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(f) => {
            void upload(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{busy ? t('admin.batch.importing') : t('admin.batch.drop', { ext: accept.join(' ') })}</p>
          <p className="oj-muted">{t('admin.batch.formatsHint', { formats: list.map((f) => formatName(f.format)).join(', ') })}</p>
        </Upload.Dragger>
      </div>
      {state && (
        <div className="oj-stack" style={{ marginTop: 12 }} data-testid="import-progress">
          <Progress percent={percent} status={state.error ? 'exception' : state.done ? 'success' : 'active'} format={(p) => `${p}%`} aria-label={phaseText} />
          <div className="oj-muted" data-testid="import-phase">
            {state.format ? `${formatName(state.format)} · ` : ''}
            {phaseText}
          </div>
          {state.error && <Alert type="error" showIcon title={translateMsg(state.error)} data-testid="import-error" />}
          {state.items.length > 0 && <ImportReport items={state.items} />}
        </div>
      )}
    </Card>
  );
}

/** Export: pick problems (the selection survives paging and searching) and download one HOJ zip. */
function ExportCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, limit: ADMIN_PAGE_SIZES[0]!, keyword: '' });
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['admin-problems', 'export', page],
    queryFn: () => adminProblemApi.list({ currentPage: page.currentPage, limit: page.limit, keyword: page.keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.records ?? [];
  const exportNow = async () => {
    if (!selected.size) {
      feedback.warning(t('admin.batch.selectFirst'));
      return;
    }
    setBusy(true);
    try {
      await adminProblemApi.exportProblems([...selected.keys()]);
      feedback.success(t('admin.batch.exported'));
    } catch {
      /* shown by the download helper */
    } finally {
      setBusy(false);
    }
  };
  const columns: TableColumnsType<AdminProblemListRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.problem.problemId'), dataIndex: 'problemId', width: 120 },
    { title: t('admin.problem.title'), dataIndex: 'title' },
    { title: t('admin.problemList.author'), dataIndex: 'author', width: 120, responsive: ['md'] },
  ];
  return (
    <Card
      title={t('admin.batch.export')}
      extra={
        <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void exportNow()} data-testid="export-selected">
          {t('admin.batch.exportSelected', { count: selected.size })}
        </Button>
      }
    >
      <div className="oj-admin-filters">
        <Input.Search
          allowClear
          placeholder={t('admin.problemList.keyword')}
          onSearch={(v) => setPage((p) => ({ ...p, currentPage: 1, keyword: v.trim() }))}
          style={{ maxWidth: 280 }}
        />
        {selected.size > 0 && (
          <div className="oj-admin-selected">
            {[...selected.entries()].map(([id, name]) => (
              <Tag key={id} closable onClose={() => setSelected((s) => new Map([...s].filter(([k]) => k !== id)))}>
                {name}
              </Tag>
            ))}
          </div>
        )}
      </div>
      <Table<AdminProblemListRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, picked) => {
            const next = new Map<number, string>();
            const known = new Map([...selected, ...picked.filter(Boolean).map((r) => [r.id, r.problemId] as const)]);
            for (const k of keys) next.set(Number(k), known.get(Number(k)) ?? String(k));
            setSelected(next);
          },
        }}
        pagination={{
          current: page.currentPage,
          pageSize: page.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ADMIN_PAGE_SIZES,
          showTotal: (total) => t('admin.total', { total }),
          onChange: (currentPage, limit) => setPage((p) => ({ ...p, currentPage: limit !== p.limit ? 1 : currentPage, limit })),
        }}
        data-testid="export-table"
      />
    </Card>
  );
}

/** Import and export of problems (problem/batch-operation). */
export default function BatchOperationPage() {
  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-batch">
      <ImportCard />
      <ExportCard />
    </div>
  );
}
