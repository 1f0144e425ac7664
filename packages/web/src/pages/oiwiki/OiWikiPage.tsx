import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_OI_WIKI_URL } from '@oj/shared';
import { useWebsiteConfig } from '../../api/queries';
import { useReachable } from './useReachable';

/** A frame that has not loaded by then is taken as blocked (a firewall that drops packets never answers). */
const FRAME_TIMEOUT_MS = 15_000;

/**
 * The external algorithm wiki, full width and height under the top bar, at the address of the
 * site setting `oiWikiUrl`. Offline installs and school networks often cannot reach it: the page asks first
 * (or waits for the frame) and, when the wiki does not answer, says so with the link instead of a broken frame.
 */
export default function OiWikiPage() {
  const { t } = useTranslation();
  const { data: config, isPending } = useWebsiteConfig();
  // Until the config answers nothing is asked; a config without the setting (or none at all) means the default.
  const url = isPending ? '' : config?.oiWikiUrl || DEFAULT_OI_WIKI_URL;
  const reachable = useReachable(url);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const [frameTimedOut, setFrameTimedOut] = useState(false);

  useEffect(() => {
    if (reachable !== true || frameLoaded) return;
    const timer = window.setTimeout(() => setFrameTimedOut(true), FRAME_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [reachable, frameLoaded]);

  const openButton = (
    <Button type="primary" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer" data-testid="oiwiki-open">
      {t('oiwiki.open')}
    </Button>
  );

  if (!url || reachable === null) return <Spin className="oj-page-spin" data-testid="oiwiki-checking" />;
  if (reachable === false || frameTimedOut) {
    return (
      <div className="oj-page">
        <Card data-testid="oiwiki-unreachable">
          <Result
            status="warning"
            title={t('oiwiki.unreachable')}
            subTitle={
              <>
                <Typography.Paragraph type="secondary">{t('oiwiki.unreachableHint')}</Typography.Paragraph>
                <Typography.Link href={url} target="_blank" rel="noopener noreferrer" copyable>
                  {url}
                </Typography.Link>
              </>
            }
            extra={openButton}
          />
        </Card>
      </div>
    );
  }
  return (
    <div className="oj-wiki">
      <div className="oj-wiki-bar">
        <Typography.Text type="secondary">{t('oiwiki.external')}</Typography.Text>
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" data-testid="oiwiki-link">
          <ExportOutlined /> {t('oiwiki.open')}
        </Typography.Link>
      </div>
      <iframe className="oj-wiki-frame" src={url} title={t('nav.oiwiki')} onLoad={() => setFrameLoaded(true)} data-testid="oiwiki-frame" />
    </div>
  );
}
