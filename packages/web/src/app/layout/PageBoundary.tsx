import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import NProgress from 'nprogress';
import { useTranslation } from 'react-i18next';

/** While a page chunk loads the progress bar keeps running and a spinner holds the place. */
function PageFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return <Spin className="oj-page-spin" />;
}

/** Plain markup on purpose: this must work when chunks cannot load, so it lives in the entry and stays light. */
function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="oj-page oj-load-failed" data-testid="page-load-failed">
      <WarningOutlined className="oj-load-failed-icon" />
      <h2>{t('shell.loadFailed')}</h2>
      <p className="oj-muted">{t('shell.loadFailedHint')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </Button>
    </div>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/**
 * Wraps one page: a chunk that fails to load (or a render error) shows a reload prompt instead of a
 * blank shell. Keyed by the page path so a new page gets a fresh boundary.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
