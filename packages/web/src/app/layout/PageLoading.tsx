import { Spin } from 'antd';
import { useIsFetching } from '@tanstack/react-query';

/**
 * A page's spinner while the data it waits on loads. It turns only while a query is being fetched: the
 * queries of a page that needs a login stay off when the session expired on the way (the login dialog
 * then opens over the page), and a spinner left turning there kept the visitor's browser busy for ever.
 * A page's own chunk loading is PageBoundary's spinner, which always ends.
 */
export function PageLoading() {
  return <Spin className="oj-page-spin" spinning={useIsFetching() > 0} />;
}
