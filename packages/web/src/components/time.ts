import dayjs from 'dayjs';

/** Year-month-day hour:minute:second in local time (the server sends ISO UTC). */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');
export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
