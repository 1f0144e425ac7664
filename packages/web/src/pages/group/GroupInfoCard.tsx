import { useState } from 'react';
import { Button, Card, Descriptions, Modal, Space, Tag } from 'antd';
import { DeleteOutlined, LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GroupAuth, GroupLevel } from '@oj/shared';
import { groupApi } from '../../api/group';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { useMay } from '../../app/may';
import { formatDateTime } from '../../components/time';
import { GroupApplyDialog } from './GroupApplyDialog';
import { GroupAuthTag } from './GroupAuthTag';
import { useGroup } from '../../components/group/GroupContext';

/**
 * The home tab's side card: the group's facts and what the viewer can do — join a public
 * group, apply to another (dialog), see his pending or refused application, leave (members but the
 * owner), disband (the owner or the super admin; the confirmation says what goes).
 */
export function GroupInfoCard() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const { group, access, refresh } = useGroup();
  // Disbanding: the owner, or whoever may act on every group (the server asks `may(…, 'delete', group)`).
  const mayAnyGroup = useMay('administerAllGroups');
  const [applying, setApplying] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<{ msg: string }>, fallbackKey: string, after: () => void) => {
    setBusy(true);
    try {
      const res = await work();
      feedback.success(successMsg(res.msg, fallbackKey));
      after();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const join = () => (group.auth === GroupAuth.PUBLIC ? void run(() => groupApi.join({ gid: group.id }), 'group.joined', refresh) : setApplying(true));

  const exit = () =>
    modal.confirm({
      title: access.level === GroupLevel.APPLYING ? t('group.withdrawConfirm') : t('group.exitConfirm', { name: group.name }),
      okButtonProps: { danger: true, 'data-testid': 'group-exit-ok' },
      onOk: () => run(() => groupApi.exit(group.id), 'group.exited', refresh),
    });

  const disband = () =>
    modal.confirm({
      title: t('group.disbandConfirm', { name: group.name }),
      content: t('group.disbandWhat'),
      okText: t('group.disband'),
      okButtonProps: { danger: true, 'data-testid': 'group-disband-ok' },
      onOk: () =>
        run(
          () => groupApi.disband(group.id),
          'group.disbanded',
          // Leave the shell first: reloading while it is shown would flash "does not exist".
          () => void Promise.resolve(navigate('/group', { replace: true })).then(refresh),
        ),
    });

  const level = access.level;
  const inGroup = !access.owner && level >= GroupLevel.MEMBER;
  return (
    <Card title={t('group.info')} size="small" data-testid="group-info-card">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('group.form.shortName')}>{group.shortName}</Descriptions.Item>
        <Descriptions.Item label={t('group.owner')}>{group.owner}</Descriptions.Item>
        <Descriptions.Item label={t('group.form.auth')}>
          <GroupAuthTag auth={group.auth} />
        </Descriptions.Item>
        <Descriptions.Item label={t('group.members')}>
          <span data-testid="group-member-count">{group.memberCount}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('group.created')}>{formatDateTime(group.gmtCreate)}</Descriptions.Item>
        {group.code && <Descriptions.Item label={t('group.form.code')}>{group.code}</Descriptions.Item>}
      </Descriptions>
      <Space orientation="vertical" className="oj-group-actions">
        {level === GroupLevel.APPLYING && (
          <Tag color="processing" data-testid="group-standing">
            {t('group.standing.applying')}
          </Tag>
        )}
        {level === GroupLevel.REFUSED && (
          <Tag color="error" data-testid="group-standing">
            {t('group.standing.refused')}
          </Tag>
        )}
        {!access.owner && level < GroupLevel.MEMBER && level !== GroupLevel.APPLYING && (
          <Button type="primary" block icon={<UserAddOutlined />} loading={busy} onClick={join} data-testid="group-join">
            {group.auth === GroupAuth.PUBLIC ? t('group.join') : t('group.apply')}
          </Button>
        )}
        {(inGroup || level === GroupLevel.APPLYING) && (
          <Button block icon={<LogoutOutlined />} loading={busy} onClick={exit} data-testid="group-exit">
            {level === GroupLevel.APPLYING ? t('group.withdraw') : t('group.exit')}
          </Button>
        )}
        {(access.owner || mayAnyGroup) && (
          <Button danger block icon={<DeleteOutlined />} loading={busy} onClick={disband} data-testid="group-disband">
            {t('group.disband')}
          </Button>
        )}
      </Space>
      <GroupApplyDialog group={group} open={applying} onClose={() => setApplying(false)} onDone={refresh} />
      {modalHolder}
    </Card>
  );
}
