import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';

/** Call logout, clear the session, go home. The local session ends even if the call fails. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    accountApi
      .logout()
      .then((res) => feedback.success(successMsg(res.msg, 'msg.logoutSuccess')))
      .catch(() => undefined)
      .finally(() => {
        session.clear();
        // The router's promise settles once the next page is shown; nothing here waits for that.
        void navigate('/home', { replace: true });
      });
  }, [navigate, t]);
  return <Spin className="oj-page-spin" />;
}
