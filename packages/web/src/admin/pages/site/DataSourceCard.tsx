import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminConfigApi, adminSiteKeys } from '../../../api/adminSite';
import { quietly } from '../../../api/client';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The data source (HOJ get-db-and-redis-config), read only: connection without password, PostgreSQL version, database size. */
export function DataSourceCard() {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: adminSiteKeys.dataSource, queryFn: quietly(adminConfigApi.dataSource) });
  return (
    <Card title={t('admin.site.conf.dataSource')} style={{ marginBottom: 16 }} data-testid="conf-datasource">
      {info.isPending ? (
        <Skeleton active />
      ) : info.isError ? (
        <Alert type="error" showIcon title={info.error.message} />
      ) : (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 200 } }}>
          <Descriptions.Item label={t('admin.site.conf.dbKind')}>
            {info.data.embedded ? t('admin.site.conf.dbEmbedded') : t('admin.site.conf.dbExternal')}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.site.conf.dbUrl')}>
            <code style={{ wordBreak: 'break-all' }} data-testid="conf-db-url">
              {info.data.url}
            </code>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.site.conf.dbName')}>{info.data.database}</Descriptions.Item>
          <Descriptions.Item label={t('admin.site.conf.dbVersion')}>
            <span data-testid="conf-db-version">PostgreSQL {info.data.version}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.site.conf.dbSize')}>{megabytes(info.data.sizeBytes)}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
