import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface ProblemLoadFailedProps {
  status: ResultProps['status'];
  title: string;
  backTo: string;
  backLabel: string;
}

/** A problem page whose statement did not load: why, the way back to its list, and no way to submit. */
export default function ProblemLoadFailed({ status, title, backTo, backLabel }: ProblemLoadFailedProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="oj-page" data-testid="problem-missing">
      <Result
        status={status}
        title={title}
        extra={[
          <Button key="back" onClick={() => navigate(backTo)}>
            {backLabel}
          </Button>,
          // On load failure the submit control is disabled.
          <Button key="submit" type="primary" disabled>
            {t('problem.submit.submit')}
          </Button>,
        ]}
      />
    </div>
  );
}
