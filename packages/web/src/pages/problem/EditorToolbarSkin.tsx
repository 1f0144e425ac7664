import { useContext } from 'react';
import { Button, Space } from 'antd';
import { ConfigContext } from 'antd/es/config-provider';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSelectStyle from 'antd/es/select/style';
import { useTranslation } from 'react-i18next';
import { CompressOutlined, DownOutlined, ExpandOutlined, HistoryOutlined, ReloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import type { EditorToolbarProps, ToolbarPopup } from './EditorToolbar';

type Props = Omit<EditorToolbarProps, 'initialOpen' | 'onReset' | 'settingsForm' | 'languages' | 'onLanguage'> & {
  /** a control that opens a popup was clicked: it opens once the toolbar has arrived */
  onAsk(popup: ToolbarPopup): void;
};

/**
 * The toolbar as the page first shows it, before EditorToolbar (antd's Select and popups) is fetched:
 * the same buttons, and the closed language select drawn with antd's own markup and styles (its style
 * hook only). The buttons without a popup work as they are; the language list, the reset confirmation
 * and the settings open as soon as the toolbar has arrived (fetched when the pointer or the focus comes
 * here, usually before the click).
 */
export function EditorToolbarSkin(p: Props) {
  const { t } = useTranslation();
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('select');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useSelectStyle(prefixCls, rootCls);
  const selectCls = [prefixCls, `${prefixCls}-outlined`, cssVarCls, rootCls, hashId, `${prefixCls}-single`, `${prefixCls}-show-arrow`].join(' ');
  return (
    <Space wrap size={[8, 8]}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: as antd's Select, the combobox input inside takes the keys. */}
      <div className={selectCls} style={{ minWidth: 130 }} data-testid="editor-language" data-skin="true" onClick={() => p.onAsk('language')}>
        <div className={`${prefixCls}-content${p.language ? ` ${prefixCls}-content-has-value` : ''}`} title={p.language}>
          {p.language || <span className={`${prefixCls}-placeholder`}>{t('problem.editor.language')}</span>}
          <input
            readOnly
            className={`${prefixCls}-input`}
            role="combobox"
            aria-expanded="false"
            aria-haspopup="listbox"
            aria-label={t('problem.editor.language')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') p.onAsk('language');
            }}
          />
        </div>
        <div className={`${prefixCls}-suffix`}>
          <DownOutlined />
        </div>
      </div>
      <Button icon={<ReloadOutlined />} aria-label={t('problem.editor.reset')} data-testid="editor-reset" onClick={() => p.onAsk('reset')} />
      <Button icon={<HistoryOutlined />} onClick={p.onLastAc} aria-label={t('problem.editor.lastAc')} data-testid="editor-last-ac" />
      <Button icon={<UploadOutlined />} onClick={p.onOpenFile} aria-label={t('problem.editor.upload')} data-testid="editor-upload" />
      <Button icon={<SettingOutlined />} aria-label={t('problem.editor.settings')} data-testid="editor-settings-button" onClick={() => p.onAsk('settings')} />
      <Button
        icon={p.focus ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={() => p.onFocusChange(!p.focus)}
        aria-label={t('problem.editor.focus')}
        data-testid="editor-focus"
      />
    </Space>
  );
}
