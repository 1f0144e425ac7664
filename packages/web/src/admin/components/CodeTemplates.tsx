import { Button, Card, Empty, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LanguageInfo } from '@oj/shared';
import { skeletonOf } from '../../components/code-editor/skeletons';
import { CodeEditor } from './CodeEditor';

type Template = { language: string; code: string };

/** Code templates per language: added for enabled languages, starting from the language's bare skeleton (the judges'
 * `template` is the help page's A+B solution, not a start for a problem). */
export function CodeTemplates({
  value,
  onChange,
  enabled,
  languages,
}: {
  value?: Template[];
  onChange?: (v: Template[]) => void;
  enabled: string[];
  languages: LanguageInfo[];
}) {
  const { t } = useTranslation();
  const list = value ?? [];
  const free = enabled.filter((l) => !list.some((tpl) => tpl.language === l));
  const add = (language: string) => onChange?.([...list, { language, code: skeletonOf(language, languages.find((l) => l.name === language)?.contentType) }]);
  const patch = (language: string, code: string) => onChange?.(list.map((tpl) => (tpl.language === language ? { ...tpl, code } : tpl)));
  const remove = (language: string) => onChange?.(list.filter((tpl) => tpl.language !== language));
  return (
    <div className="oj-stack">
      <Select
        value={null}
        placeholder={t('admin.problem.addTemplate')}
        options={free.map((l) => ({ value: l, label: l }))}
        onChange={(l: string | null) => l && add(l)}
        style={{ maxWidth: 320 }}
        disabled={!free.length}
        data-testid="template-add"
      />
      {!list.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.problem.noTemplates')} />}
      {list.map((tpl) => (
        <Card
          key={tpl.language}
          size="small"
          title={
            <Space>
              {tpl.language}
              {!enabled.includes(tpl.language) && <span className="oj-muted">{t('admin.problem.templateUnused')}</span>}
            </Space>
          }
          extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(tpl.language)} aria-label={t('admin.delete')} />}
        >
          <CodeEditor language={tpl.language} value={tpl.code} onChange={(code) => patch(tpl.language, code)} height="200px" />
        </Card>
      ))}
    </div>
  );
}
