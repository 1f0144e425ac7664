import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { BookOutlined, GithubOutlined, GlobalOutlined, ManOutlined, WomanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@oj/shared';
import { Markdown } from '../../components/Markdown';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate, formatDateTime } from '../../components/time';

/** Only http(s) links become anchors: the values are user-entered. */
const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function ProfileCard({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  const github = safeUrl(info.github);
  const blog = safeUrl(info.blog);
  return (
    <Card data-testid="user-profile">
      <div className="oj-profile-head">
        <UserAvatar src={info.avatar} name={info.username} size={88} />
        <div className="oj-profile-names">
          <Space wrap>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="user-home-username">
              {info.username}
            </Typography.Title>
            {info.gender === 'male' && <ManOutlined style={{ color: '#1677ff' }} aria-label={t('profile.genders.male')} />}
            {info.gender === 'female' && <WomanOutlined style={{ color: '#eb2f96' }} aria-label={t('profile.genders.female')} />}
            {info.titleName && <Tag color={info.titleColor || 'blue'}>{info.titleName}</Tag>}
          </Space>
          {info.nickname && <Typography.Text type="secondary">{info.nickname}</Typography.Text>}
          <Space size="middle" wrap className="oj-profile-links">
            {info.school && (
              <span>
                <BookOutlined /> {info.school}
              </span>
            )}
            {github && (
              <a href={github} target="_blank" rel="noopener noreferrer">
                <GithubOutlined /> GitHub
              </a>
            )}
            {blog && (
              <a href={blog} target="_blank" rel="noopener noreferrer">
                <GlobalOutlined /> {t('profile.blog')}
              </a>
            )}
          </Space>
        </div>
      </div>
      {info.signature ? (
        <Markdown source={info.signature} className="oj-signature" />
      ) : (
        <Typography.Paragraph type="secondary">{t('userHome.noSignature')}</Typography.Paragraph>
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('userHome.joined')}>{formatDate(info.gmtCreate)}</Descriptions.Item>
        <Descriptions.Item label={t('userHome.lastLogin')}>{info.recentLoginTime ? formatDateTime(info.recentLoginTime) : '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
