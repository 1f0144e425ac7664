import { useState } from 'react';
import { Alert, Button, Card, Col, Input, Row, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProblemListRow } from '@oj/shared';
import { adminProblemApi } from '../../api/adminProblem';
import { ApiError } from '../../api/client';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { ADMIN_PAGE_SIZES } from '../problemOptions';

interface ImportResult {
  ok: boolean;
  text: string;
  names: string[];
}

/** One import box: HOJ zip or FPS XML (spec 3 §2 problem/batch-operation). */
function ImportCard({ kind }: { kind: 'hoj' | 'fps' }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const accept = kind === 'hoj' ? '.zip' : '.xml';
  const upload = async (file: File) => {
    if (!file.name.toLowerCase().endsWith(accept)) {
      feedback.warning(t('msg.fileTypeNotSupport'));
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const res = kind === 'hoj' ? await adminProblemApi.importProblems(file) : await adminProblemApi.importFps(file);
      const text = successMsg(res.msg, 'admin.batch.imported');
      feedback.success(text);
      setResult({ ok: true, text, names: res.data?.problemIds ?? [] });
      void client.invalidateQueries({ queryKey: ['admin-problems'] });
      void client.invalidateQueries({ queryKey: ['admin-problem-count'] });
    } catch (err) {
      setResult({ ok: false, text: err instanceof ApiError ? err.message : t('admin.batch.importFailed'), names: [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t(kind === 'hoj' ? 'admin.batch.importHoj' : 'admin.batch.importFps')} className="oj-fill">
      <div data-testid={`import-${kind}`}>
        <Upload.Dragger
          accept={accept}
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
          <p>{busy ? t('admin.batch.importing') : t('admin.batch.drop', { ext: accept })}</p>
          <p className="oj-muted">{t(kind === 'hoj' ? 'admin.batch.hojHint' : 'admin.batch.fpsHint')}</p>
        </Upload.Dragger>
      </div>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.text}
          description={result.names.length ? result.names.map((n) => <Tag key={n}>{n}</Tag>) : undefined}
          data-testid={`import-${kind}-result`}
        />
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

/** Import and export of problems (spec 3 §2 problem/batch-operation). */
export default function BatchOperationPage() {
  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-batch">
      <ExportCard />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <ImportCard kind="hoj" />
        </Col>
        <Col xs={24} md={12}>
          <ImportCard kind="fps" />
        </Col>
      </Row>
    </div>
  );
}
