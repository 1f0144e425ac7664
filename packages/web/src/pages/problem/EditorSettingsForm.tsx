import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_THEME_NAMES, FONT_SIZES, TAB_SIZES, type EditorSettings } from '../../components/code-editor/editorConfig';

/** The editor's settings: theme, font size, tab size; kept per problem by the panel. */
export default function EditorSettingsForm({ settings, onChange }: { settings: EditorSettings; onChange(settings: EditorSettings): void }) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="small" style={{ width: 220 }} data-testid="editor-settings">
      <Form.Item label={t('problem.editor.theme')}>
        <Select
          value={settings.theme}
          onChange={(theme) => onChange({ ...settings, theme })}
          options={EDITOR_THEME_NAMES.map((n) => ({ value: n, label: n }))}
        />
      </Form.Item>
      <Form.Item label={t('problem.editor.fontSize')}>
        <Select
          value={settings.fontSize}
          onChange={(fontSize) => onChange({ ...settings, fontSize })}
          options={FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))}
        />
      </Form.Item>
      <Form.Item label={t('problem.editor.tabSize')} style={{ marginBottom: 0 }}>
        <Select
          value={settings.tabSize}
          onChange={(tabSize) => onChange({ ...settings, tabSize })}
          options={TAB_SIZES.map((n) => ({ value: n, label: String(n) }))}
        />
      </Form.Item>
    </Form>
  );
}
