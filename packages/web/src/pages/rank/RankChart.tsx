import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { RankType, type RankRecord, type RankTypeCode } from '@oj/shared';
import { EChart } from '../../components/EChart';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Bar chart of the top users: AC and submissions for ACM, score for OI. */
export default function RankChart({ rows, type }: { rows: RankRecord[]; type: RankTypeCode }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const names = rows.map((r) => r.username);
    const series =
      type === RankType.ACM
        ? [
            { name: t('rankPage.ac'), type: 'bar', data: rows.map((r) => r.ac), itemStyle: { color: '#52c41a' }, barMaxWidth: 28 },
            { name: t('rankPage.total'), type: 'bar', data: rows.map((r) => r.total), itemStyle: { color: '#1677ff' }, barMaxWidth: 28 },
          ]
        : [{ name: t('rankPage.score'), type: 'bar', data: rows.map((r) => r.score), itemStyle: { color: '#fa8c16' }, barMaxWidth: 36 }];
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 48 },
      xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series,
    };
  }, [rows, type, t]);
  return <EChart option={option} className="oj-rank-chart" testId="rank-chart" />;
}
