import type { ReactNode } from 'react';
import { Button, Popconfirm, Popover, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompressOutlined, ExpandOutlined, HistoryOutlined, ReloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';

/** The toolbar's controls that open a popup: opened at once when the user clicked its likeness (EditorToolbarSkin). */
export type ToolbarPopup = 'language' | 'reset' | 'settings';

export interface EditorToolbarProps {
  language: string;
  languages: string[];
  onLanguage(language: string): void;
  onReset(): void;
  onLastAc(): void;
  onOpenFile(): void;
  settingsForm: ReactNode;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  /** the popup the user asked for before this toolbar arrived */
  initialOpen?: ToolbarPopup | null;
}

/**
 * The editor's toolbar with antd's Select, tooltips, confirmation and settings popover (with rc-trigger
 * and rc-select, ~55 KB of script): its own chunk, fetched when the pointer or the focus first comes to
 * the toolbar; EditorToolbarSkin stands in until then.
 */
export default function EditorToolbar(p: EditorToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space wrap size={[8, 8]}>
      <Select
        value={p.language || undefined}
        onChange={p.onLanguage}
        style={{ minWidth: 130 }}
        options={p.languages.map((l) => ({ value: l, label: l }))}
        // A dozen languages: all rendered, so the open list is never blank while a virtual one catches up.
        virtual={false}
        listHeight={320}
        placeholder={t('problem.editor.language')}
        defaultOpen={p.initialOpen === 'language'}
        data-testid="editor-language"
      />
      <Popconfirm title={t('problem.editor.resetConfirm')} onConfirm={p.onReset} defaultOpen={p.initialOpen === 'reset'}>
        <Tooltip title={t('problem.editor.reset')}>
          <Button icon={<ReloadOutlined />} aria-label={t('problem.editor.reset')} data-testid="editor-reset" />
        </Tooltip>
      </Popconfirm>
      <Tooltip title={t('problem.editor.lastAc')}>
        <Button icon={<HistoryOutlined />} onClick={p.onLastAc} aria-label={t('problem.editor.lastAc')} data-testid="editor-last-ac" />
      </Tooltip>
      <Tooltip title={t('problem.editor.upload')}>
        <Button icon={<UploadOutlined />} onClick={p.onOpenFile} aria-label={t('problem.editor.upload')} data-testid="editor-upload" />
      </Tooltip>
      <Popover content={p.settingsForm} trigger="click" title={t('problem.editor.settings')} placement="bottomLeft" defaultOpen={p.initialOpen === 'settings'}>
        <Tooltip title={t('problem.editor.settings')}>
          <Button icon={<SettingOutlined />} aria-label={t('problem.editor.settings')} data-testid="editor-settings-button" />
        </Tooltip>
      </Popover>
      <Tooltip title={p.focus ? t('problem.editor.focusExit') : t('problem.editor.focus')}>
        <Button
          icon={p.focus ? <CompressOutlined /> : <ExpandOutlined />}
          onClick={() => p.onFocusChange(!p.focus)}
          aria-label={t('problem.editor.focus')}
          data-testid="editor-focus"
        />
      </Tooltip>
    </Space>
  );
}
