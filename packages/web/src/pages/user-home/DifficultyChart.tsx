import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { DIFFICULTY_COLORS } from '../../components/difficulty';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Solved problems per difficulty level (0-5) as a ring. */
export default function DifficultyChart({ counts }: { counts: { level: number; count: number }[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption({
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
    });
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, [counts, t]);
  return <div ref={ref} className="oj-difficulty-chart" data-testid="difficulty-chart" />;
}
