import { useState } from 'react';
import { Button, Card, Input, InputNumber, Radio, Space, Table, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { JudgeCaseMode } from '@oj/shared';
import { useProblemEditorCalls } from '../problemEditorCalls';
import { feedback } from '../../app/feedback';
import { type CaseRow, type CaseState, evenScores, isSubtaskMode } from '../problemForm';

let seq = 0;
export const newCaseKey = () => `c${++seq}`;

const fmtSize = (n?: number) => (n === undefined ? '' : n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

/**
 * Test data of a problem:
 * a zip uploaded and parsed by the server (its list shown), cases typed by hand, or — when
 * editing — the current set kept as it is. Scores show for OI, group numbers for subtask modes.
 */
export function TestCaseEditor({
  value,
  onChange,
  type,
  judgeCaseMode,
  canKeep,
}: {
  value: CaseState;
  onChange: (v: CaseState) => void;
  type: number;
  judgeCaseMode: JudgeCaseMode;
  /** the problem already has test data (edit page) */
  canKeep: { rows: CaseRow[]; editable: boolean } | null;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const calls = useProblemEditorCalls();
  const oi = type === 1;
  const subtask = isSubtaskMode(judgeCaseMode);
  const patchRow = (key: string, patch: Partial<CaseRow>) => onChange({ ...value, rows: value.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const { data } = await calls.uploadCaseZip(file, judgeCaseMode);
      const rows: CaseRow[] = data.fileList.map((f) => ({ key: newCaseKey(), input: f.input, output: f.output, score: null, groupNum: f.groupNum ?? 1 }));
      onChange({ source: 'upload', rows: oi ? evenScores(rows) : rows, uploadDir: data.fileListDir, uploadName: file.name });
      feedback.success(t('admin.cases.uploaded', { count: rows.length }));
    } catch {
      feedback.error(t('admin.cases.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const setSource = (source: CaseState['source']) => {
    if (source === 'keep' && canKeep) onChange({ source, rows: canKeep.rows });
    else if (source === 'manual') onChange({ source, rows: value.source === 'manual' ? value.rows : [] });
    else onChange({ source, rows: [] });
  };

  const scoreCol = (editable: boolean) => ({
    title: t('admin.cases.score'),
    dataIndex: 'score',
    width: 110,
    render: (v: number | null, row: CaseRow) =>
      editable ? <InputNumber size="small" min={0} precision={0} value={v} onChange={(n) => patchRow(row.key, { score: n })} /> : v,
  });
  const groupCol = (editable: boolean) => ({
    title: t('admin.cases.groupNum'),
    dataIndex: 'groupNum',
    width: 110,
    render: (v: number | null, row: CaseRow) =>
      editable ? <InputNumber size="small" min={1} precision={0} value={v} onChange={(n) => patchRow(row.key, { groupNum: n })} /> : v,
  });
  const fileColumns = (editable: boolean): TableColumnsType<CaseRow> => [
    { title: '#', key: 'n', width: 50, render: (_v, _r, i) => i + 1 },
    {
      title: t('admin.cases.input'),
      dataIndex: 'input',
      render: (v: string, r) => `${r.inputName ?? v}${r.inputSize !== undefined ? ` (${fmtSize(r.inputSize)})` : ''}`,
    },
    {
      title: t('admin.cases.output'),
      dataIndex: 'output',
      render: (v: string, r) => `${r.outputName ?? v}${r.outputSize !== undefined ? ` (${fmtSize(r.outputSize)})` : ''}`,
    },
    ...(oi ? [scoreCol(editable)] : []),
    ...(subtask ? [groupCol(editable)] : []),
  ];

  return (
    <div className="oj-stack" data-testid="case-editor">
      <Space wrap>
        <Radio.Group value={value.source} onChange={(e) => setSource(e.target.value as CaseState['source'])} optionType="button" data-testid="case-source">
          {canKeep && <Radio.Button value="keep">{t('admin.cases.keep')}</Radio.Button>}
          <Radio.Button value="upload">{t('admin.cases.upload')}</Radio.Button>
          <Radio.Button value="manual">{t('admin.cases.manual')}</Radio.Button>
        </Radio.Group>
        {oi && value.rows.length > 0 && value.source !== 'keep' && (
          <Button size="small" onClick={() => onChange({ ...value, rows: evenScores(value.rows) })}>
            {t('admin.cases.splitScore')}
          </Button>
        )}
        {value.source === 'keep' && canKeep?.editable && (
          <Button
            size="small"
            onClick={() =>
              onChange({
                source: 'manual',
                rows: canKeep.rows.map((r) => ({ ...r, inputName: undefined, outputName: undefined, inputSize: undefined, outputSize: undefined })),
              })
            }
          >
            {t('admin.cases.editByHand')}
          </Button>
        )}
      </Space>

      {value.source === 'keep' && (
        <>
          <span className="oj-muted">{t('admin.cases.keepHint')}</span>
          <Table<CaseRow>
            rowKey="key"
            size="small"
            columns={fileColumns(false)}
            dataSource={value.rows}
            pagination={{ pageSize: 15, hideOnSinglePage: true }}
            scroll={{ x: 500 }}
          />
        </>
      )}

      {value.source === 'upload' && (
        <>
          <div data-testid="case-upload">
            <Upload.Dragger
              accept=".zip"
              showUploadList={false}
              beforeUpload={(f) => {
                void upload(f);
                return false;
              }}
              disabled={uploading}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{value.uploadName ?? t('admin.cases.dropZip')}</p>
              <p className="oj-muted">{t('admin.cases.zipHint')}</p>
            </Upload.Dragger>
          </div>
          {value.rows.length > 0 && (
            <Table<CaseRow>
              rowKey="key"
              size="small"
              columns={fileColumns(true)}
              dataSource={value.rows}
              pagination={{ pageSize: 15, hideOnSinglePage: true }}
              scroll={{ x: 500 }}
              data-testid="case-upload-list"
            />
          )}
        </>
      )}

      {value.source === 'manual' && (
        <>
          {value.rows.map((row, i) => (
            <Card
              key={row.key}
              size="small"
              title={t('admin.cases.caseN', { n: i + 1 })}
              extra={
                <Space>
                  {oi && (
                    <span>
                      {t('admin.cases.score')}{' '}
                      <InputNumber
                        size="small"
                        min={0}
                        precision={0}
                        value={row.score}
                        onChange={(n) => patchRow(row.key, { score: n })}
                        style={{ width: 80 }}
                      />
                    </span>
                  )}
                  {subtask && (
                    <span>
                      {t('admin.cases.groupNum')}{' '}
                      <InputNumber
                        size="small"
                        min={1}
                        precision={0}
                        value={row.groupNum}
                        onChange={(n) => patchRow(row.key, { groupNum: n })}
                        style={{ width: 80 }}
                      />
                    </span>
                  )}
                  <Button
                    size="small"
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => onChange({ ...value, rows: value.rows.filter((r) => r.key !== row.key) })}
                  />
                </Space>
              }
            >
              <div className="oj-admin-two">
                <Input.TextArea
                  className="oj-mono"
                  placeholder={t('admin.cases.input')}
                  value={row.input}
                  onChange={(e) => patchRow(row.key, { input: e.target.value })}
                  autoSize={{ minRows: 3, maxRows: 12 }}
                />
                <Input.TextArea
                  className="oj-mono"
                  placeholder={t('admin.cases.output')}
                  value={row.output}
                  onChange={(e) => patchRow(row.key, { output: e.target.value })}
                  autoSize={{ minRows: 3, maxRows: 12 }}
                />
              </div>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => onChange({ ...value, rows: [...value.rows, { key: newCaseKey(), input: '', output: '', score: oi ? 0 : null, groupNum: 1 }] })}
            data-testid="case-add"
          >
            {t('admin.cases.add')}
          </Button>
        </>
      )}
    </div>
  );
}
