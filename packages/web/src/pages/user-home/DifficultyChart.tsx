import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { DIFFICULTY_COLORS } from '../../components/difficulty';
import { EChart } from '../../components/EChart';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Solved problems per difficulty level (0-5) as a ring. */
export default function DifficultyChart({ counts }: { counts: { level: number; count: number }[] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '44%'],
          label: { show: false },
          data: counts.map((c) => ({ name: t(`difficulty.${c.level}`), value: c.count, itemStyle: { color: DIFFICULTY_COLORS[c.level] } })),
        },
      ],
    }),
    [counts, t],
  );
  return <EChart option={option} className="oj-difficulty-chart" testId="difficulty-chart" />;
}
