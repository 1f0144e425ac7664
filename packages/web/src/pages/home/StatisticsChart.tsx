import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { SubmissionStatistics } from '@oj/shared';
import { EChart } from '../../components/EChart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Submissions and accepted ones per day of the last week. */
export default function StatisticsChart({ data }: { data: SubmissionStatistics }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: data.dateStrs.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('homeWidgets.total'), type: 'bar', data: data.totalCountList, itemStyle: { color: '#1677ff' }, barMaxWidth: 28 },
        { name: t('homeWidgets.accepted'), type: 'line', data: data.acCountList, itemStyle: { color: '#52c41a' } },
      ],
    }),
    [data, t],
  );
  return <EChart option={option} className="oj-statistics-chart" testId="statistics-chart" />;
}
