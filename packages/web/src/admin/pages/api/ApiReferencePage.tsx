import { useMemo, useState } from 'react';
import { Alert, Card, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  security?: unknown[];
  'x-api-token-scope'?: string | null;
}
interface Doc {
  info: { version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}
interface Row extends Operation {
  key: string;
  method: string;
  path: string;
}

const METHOD_COLOR: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', delete: 'red' };

/** The document as served to scripts (GET /api/openapi.json): not an endpoint of the tables, so fetched as is. */
async function fetchDoc(): Promise<Doc> {
  const res = await fetch('/api/openapi.json');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Doc;
}

/**
 * The API reference for admins and script authors: every call of the OpenAPI document with its method,
 * path, parameters, body and the API token scope it needs, searchable, the raw document one link away.
 */
export default function ApiReferencePage() {
  const { t } = useTranslation();
  const doc = useQuery({ queryKey: ['openapi'], queryFn: fetchDoc, staleTime: Number.POSITIVE_INFINITY });
  const [search, setSearch] = useState('');
  const [area, setArea] = useState<string | undefined>(undefined);

  const rows = useMemo<Row[]>(() => {
    const all: Row[] = [];
    for (const [path, ops] of Object.entries(doc.data?.paths ?? {})) {
      for (const [method, op] of Object.entries(ops)) all.push({ ...op, key: `${method} ${path}`, method, path });
    }
    return all.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }, [doc.data]);
  const areas = useMemo(() => [...new Set(rows.flatMap((r) => r.tags))].sort(), [rows]);
  const needle = search.trim().toLowerCase();
  const shown = rows.filter(
    (r) => (!area || r.tags.includes(area)) && (!needle || r.path.toLowerCase().includes(needle) || r.operationId.toLowerCase().includes(needle)),
  );

  const scopeTag = (r: Row) => {
    if (r.security?.length) return <Tag>{t('admin.apiRef.judgeToken')}</Tag>;
    const s = r['x-api-token-scope'];
    return s ? (
      <Tag color={s === 'admin' ? 'red' : s === 'submit' ? 'green' : 'blue'}>{t(`admin.apiRef.scopes.${s}`)}</Tag>
    ) : (
      <Tag>{t('admin.apiRef.loginOnly')}</Tag>
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('admin.apiRef.method'),
      dataIndex: 'method',
      width: 90,
      render: (m: string) => <Tag color={METHOD_COLOR[m]}>{m.toUpperCase()}</Tag>,
    },
    { title: t('admin.apiRef.path'), dataIndex: 'path', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
    { title: t('admin.apiRef.operation'), dataIndex: 'operationId' },
    {
      title: t('admin.apiRef.parameters'),
      key: 'parameters',
      render: (_: unknown, r) =>
        r.parameters?.map((p) => (
          <Tag key={p.name} bordered={false}>
            {p.name}
            {p.required ? ' *' : ''}
          </Tag>
        )) ?? (r.requestBody ? t('admin.apiRef.body') : ''),
    },
    { title: t('admin.apiRef.scope'), key: 'scope', render: (_: unknown, r) => scopeTag(r) },
  ];

  return (
    <Card title={t('admin.menu.apiRef')} data-testid="api-reference">
      <Typography.Paragraph type="secondary">{t('admin.apiRef.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('admin.apiRef.search')}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 280 }}
          data-testid="api-reference-search"
        />
        <Select<string>
          allowClear
          placeholder={t('admin.apiRef.area')}
          value={area}
          onChange={setArea}
          options={areas.map((a) => ({ value: a, label: a }))}
          style={{ width: 220 }}
          data-testid="api-reference-area"
        />
        <Typography.Link href="/api/openapi.json" target="_blank" data-testid="api-reference-json">
          openapi.json
        </Typography.Link>
        {doc.data && (
          <Typography.Text type="secondary" data-testid="api-reference-count">
            {t('admin.apiRef.count', { count: shown.length, version: doc.data.info.version })}
          </Typography.Text>
        )}
      </Space>
      {doc.isError ? (
        <Alert type="warning" showIcon title={doc.error.message} />
      ) : (
        <Table<Row>
          rowKey="key"
          size="small"
          loading={doc.isPending}
          columns={columns}
          dataSource={shown}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          expandable={{
            rowExpandable: (r) => !!r.requestBody || !!r.parameters?.length,
            expandedRowRender: (r) => (
              <pre className="oj-api-schema" data-testid="api-reference-schema">
                {JSON.stringify(
                  {
                    ...(r.parameters?.length ? { parameters: r.parameters } : {}),
                    ...(r.requestBody ? { body: Object.values(r.requestBody.content)[0]?.schema } : {}),
                  },
                  null,
                  2,
                )}
              </pre>
            ),
          }}
          data-testid="api-reference-table"
        />
      )}
    </Card>
  );
}
