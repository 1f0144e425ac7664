import { useMemo, useState } from 'react';
import { Alert, Button, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Papa from 'papaparse';
import type { ImportReport, ImportRowProblem } from '@oj/shared';
import { adminUserApi, adminUserKeys } from '../../../api/adminUser';
import { ApiError } from '../../../api/client';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { ADMIN_PAGE_SIZES } from '../../problemOptions';

interface PreviewRow {
  row: number;
  cells: string[];
  skipped: boolean;
  problems: ImportRowProblem[];
}

/**
 * CSV import: UTF-8, no header, 7 columns (username, password, email, realname, gender,
 * nickname, school). The file is read here, the server checks every row (check-batch-user) and the
 * preview shows each row with its problems; Import sends the same rows, and the server imports all of
 * them or none.
 */
export function UserImport() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<{ name: string; rows: string[][] } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const check = useMutation({ mutationFn: adminUserApi.check, onSuccess: setReport });
  const run = useMutation({
    mutationFn: adminUserApi.import,
    onSuccess: (r) => {
      feedback.success(successMsg(r.msg, 'admin.user.imported'));
      setFile(null);
      setReport(null);
      void client.invalidateQueries({ queryKey: adminUserKeys.users });
    },
    // A refused import answers with the same report: show it.
    onError: (err) => {
      if (err instanceof ApiError && err.data && typeof err.data === 'object' && 'problems' in err.data) setReport(err.data as ImportReport);
    },
  });

  const read = async (f: File) => {
    const text = await f.text();
    // No header; blank lines are kept so row numbers are the file's lines (the server skips them).
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data.map((r) => r.map(String));
    while (rows.length && rows[rows.length - 1]!.every((c) => c === '')) rows.pop();
    setFile({ name: f.name, rows });
    setReport(null);
    check.mutate(rows);
  };

  const preview = useMemo<PreviewRow[]>(() => {
    if (!file || !report) return [];
    const skipped = new Set(report.skipped);
    const byRow = new Map<number, ImportRowProblem[]>();
    for (const p of report.problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
    return file.rows.map((cells, i) => ({ row: i + 1, cells, skipped: skipped.has(i + 1), problems: byRow.get(i + 1) ?? [] }));
  }, [file, report]);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const shown = onlyProblems ? preview.filter((r) => r.problems.length) : preview;

  const problemText = (p: ImportRowProblem) =>
    t(`admin.user.problem.${p.code}`, { row: p.firstRow ?? '', field: p.field ? t(`admin.user.column.${p.field}`) : '' });

  const col = (i: number, key: string) => ({
    title: t(`admin.user.column.${key}`),
    key,
    width: key === 'school' ? 160 : 120,
    ellipsis: true,
    render: (_: unknown, r: PreviewRow) => r.cells[i] ?? '',
  });
  const columns: TableColumnsType<PreviewRow> = [
    { title: '#', dataIndex: 'row', width: 60 },
    col(0, 'username'),
    {
      title: t('admin.user.check'),
      key: 'check',
      width: 260,
      render: (_: unknown, r) =>
        r.skipped ? (
          <Tag>{t('admin.user.skipped')}</Tag>
        ) : r.problems.length ? (
          <Space orientation="vertical" size={2} data-testid={`admin-user-import-problem-${r.row}`}>
            {r.problems.map((p) => (
              <Typography.Text type="danger" key={`${p.code}-${p.field}`}>
                {problemText(p)}
              </Typography.Text>
            ))}
          </Space>
        ) : (
          <Tag color="green">{t('admin.user.rowOk')}</Tag>
        ),
    },
    { title: t('admin.user.column.password'), key: 'password', width: 100, render: (_: unknown, r) => (r.cells[1] ? '••••••' : '') },
    col(2, 'email'),
    col(3, 'realname'),
    col(4, 'gender'),
    col(5, 'nickname'),
    col(6, 'school'),
  ];

  const bad = report ? new Set(report.problems.map((p) => p.row)).size : 0;
  return (
    <div className="oj-admin-user-import" data-testid="admin-user-import">
      <Upload.Dragger
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(f) => {
          void read(f);
          return false;
        }}
        data-testid="admin-user-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('admin.user.importDrop')}</p>
        <p className="ant-upload-hint">{t('admin.user.importHint')}</p>
      </Upload.Dragger>
      {check.isPending && <Alert type="info" showIcon title={t('admin.user.checking')} style={{ marginTop: 12 }} />}
      {file && report && (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type={bad ? 'error' : 'success'}
            showIcon
            data-testid="admin-user-import-summary"
            title={t('admin.user.importSummary', { file: file.name, valid: report.valid, skipped: report.skipped.length, bad })}
          />
          <div className="oj-admin-filters" style={{ marginTop: 12 }}>
            <Space wrap>
              <Button
                type="primary"
                icon={<UploadOutlined />}
                disabled={bad > 0 || report.valid === 0}
                loading={run.isPending}
                onClick={() => run.mutate(file.rows)}
                data-testid="admin-user-import-run"
              >
                {t('admin.user.importRun', { count: report.valid })}
              </Button>
              {bad > 0 && (
                <Button onClick={() => setOnlyProblems((v) => !v)} data-testid="admin-user-import-only-problems">
                  {onlyProblems ? t('admin.user.showAll') : t('admin.user.showProblems')}
                </Button>
              )}
            </Space>
          </div>
          <Table<PreviewRow>
            size="small"
            rowKey="row"
            columns={columns}
            dataSource={shown}
            scroll={{ x: 'max-content' }}
            pagination={{ defaultPageSize: ADMIN_PAGE_SIZES[0], pageSizeOptions: ADMIN_PAGE_SIZES, showSizeChanger: true }}
            rowClassName={(r) => (r.problems.length ? 'oj-admin-user-import-bad' : '')}
            data-testid="admin-user-import-preview"
          />
        </>
      )}
    </div>
  );
}
