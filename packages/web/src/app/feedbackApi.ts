/** antd's toasts, a chunk of their own: fetched by `feedback` when the first toast is shown. */
export { message, notification } from 'antd';
