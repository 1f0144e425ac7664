import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TIPS = ['mainReturn', 'int64', 'javaMain', 'noExtra'] as const;

/** The four compile tips of the help page. */
export function CompileTips() {
  const { t } = useTranslation();
  return (
    <ol className="oj-compile-tips" data-testid="compile-tips">
      {TIPS.map((k) => (
        <li key={k}>
          <Typography.Text>{t(`helpPage.tips.${k}`)}</Typography.Text>
        </li>
      ))}
    </ol>
  );
}
