import { Button } from 'antd';
import { DownOutlined, EnvironmentOutlined, GlobalOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '@oj/shared';
import { useWebsiteConfig } from '../../api/queries';
import { changeLanguage, LANGUAGE_LABELS, localeStore } from '../../app/i18n';
import { LazyDropdown } from '../../app/layout/LazyPopup';
import '../../app/layout/space.css';

/** The site footer, showing only what the site configured; plus the language picker. */
export function Footer() {
  const { t } = useTranslation();
  const { data: config, shortName } = useWebsiteConfig();
  const { lang } = localeStore.use();
  return (
    <footer className="oj-footer" data-testid="footer">
      <div className="oj-footer-main">
        <div className="oj-footer-info">
          <div className="oj-footer-name">{config?.name || shortName}</div>
          {config?.contactPhone && (
            <div>
              <PhoneOutlined /> {t('footer.phone')}: {config.contactPhone}
            </div>
          )}
          {config?.address && (
            <div>
              <EnvironmentOutlined /> {t('footer.address')}: {config.address}
            </div>
          )}
          <div className="oj-space oj-space-middle oj-space-wrap oj-footer-links">
            {config?.recordName && (
              <a href={config.recordUrl || undefined} target="_blank" rel="noopener noreferrer">
                {config.recordName}
              </a>
            )}
            {config?.projectName && (
              <span data-testid="footer-powered-by">
                {/* The project's name sits where each language puts it ("Powered by X", "X で動いています"): the
                    text around <project>…</project> is the language's, the link is put in here (react-i18next's
                    Trans, with its HTML parser, would add ~1 KB to the first load for this one text). */}
                {(() => {
                  const [before = '', , after = ''] = t('footer.poweredBy', { name: '' }).split(/<\/?project>/);
                  return (
                    <>
                      {before}
                      <a href={config.projectUrl || undefined} target="_blank" rel="noopener noreferrer">
                        {config.projectName}
                      </a>
                      {after}
                    </>
                  );
                })()}
              </span>
            )}
          </div>
          {/* A dropdown menu rather than a Select (lighter), fetched when first opened. */}
          <LazyDropdown
            trigger={['click']}
            menu={{
              items: UI_LANGUAGES.map((l) => ({ key: l, label: <span data-testid={`language-${l}`}>{LANGUAGE_LABELS[l]}</span> })),
              selectable: true,
              selectedKeys: [lang],
              onClick: ({ key }) => void changeLanguage(key as UiLanguage),
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<GlobalOutlined />}
              aria-label={t('footer.language')}
              className="oj-footer-lang"
              data-testid="language-select"
            >
              {LANGUAGE_LABELS[lang]} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </LazyDropdown>
        </div>
        {!!config?.qrCodes?.length && (
          <div className="oj-footer-qr">
            {config.qrCodes.slice(0, 2).map((qr) => (
              <figure key={qr.url}>
                <img src={qr.url} alt={qr.title} width={96} height={96} loading="lazy" />
                <figcaption>{qr.title}</figcaption>
              </figure>
            ))}
          </div>
        )}
      </div>
    </footer>
  );
}
