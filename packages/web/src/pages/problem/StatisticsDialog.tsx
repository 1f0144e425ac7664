import { useMemo } from 'react';
import { Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ProblemCount } from '@oj/shared';
import { EChart } from '../../components/EChart';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

const SLICES: { key: keyof ProblemCount; label: string; color: string }[] = [
  { key: 'ac', label: 'judgeStatus.ACCEPTED', color: '#52c41a' },
  { key: 'wa', label: 'judgeStatus.WRONG_ANSWER', color: '#ff4d4f' },
  { key: 'tle', label: 'judgeStatus.TIME_LIMIT_EXCEEDED', color: '#fa541c' },
  { key: 'mle', label: 'judgeStatus.MEMORY_LIMIT_EXCEEDED', color: '#eb2f96' },
  { key: 're', label: 'judgeStatus.RUNTIME_ERROR', color: '#a8071a' },
  { key: 'pe', label: 'judgeStatus.PRESENTATION_ERROR', color: '#fa8c16' },
  { key: 'ce', label: 'judgeStatus.COMPILE_ERROR', color: '#faad14' },
  { key: 'se', label: 'judgeStatus.SYSTEM_ERROR', color: '#8c8c8c' },
  { key: 'pa', label: 'judgeStatus.PARTIAL_ACCEPTED', color: '#13c2c2' },
];

function Pie({ count }: { count: ProblemCount }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const data = SLICES.filter((s) => count[s.key] > 0).map((s) => ({ name: t(s.label), value: count[s.key], itemStyle: { color: s.color } }));
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['35%', '65%'], center: ['50%', '45%'], data, label: { formatter: '{b}\n{d}%' } }],
    };
  }, [count, t]);
  return <EChart option={option} style={{ width: '100%', height: 340 }} testId="statistics-chart" />;
}

/** Verdict shares of a problem's submissions. */
export default function StatisticsDialog({ open, onClose, count, title }: { open: boolean; onClose(): void; count: ProblemCount; title: string }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('problem.detail.statisticsOf', { title })} width={560} destroyOnHidden>
      {count.total > 0 ? <Pie count={count} /> : <Empty description={t('problem.detail.noSubmissions')} />}
    </Modal>
  );
}
