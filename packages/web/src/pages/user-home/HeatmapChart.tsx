import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { HeatmapChart as Heatmap } from 'echarts/charts';
import { CalendarComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { HeatmapData } from '@oj/shared';
import { EChart } from '../../components/EChart';

// Only what a calendar heatmap needs, keeping this chunk far below the whole library.
echarts.use([Heatmap, CalendarComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

const COLORS = ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'];

/** Month and weekday names of the current language, from the browser's Intl data. */
function labels(lang: string) {
  const month = new Intl.DateTimeFormat(lang, { month: 'short' });
  const day = new Intl.DateTimeFormat(lang, { weekday: 'narrow' });
  return {
    months: Array.from({ length: 12 }, (_, m) => month.format(new Date(2024, m, 1))),
    // 2024-01-07 was a Sunday: ECharts' dayLabel.nameMap starts on Sunday.
    days: Array.from({ length: 7 }, (_, d) => day.format(new Date(2024, 0, 7 + d))),
  };
}

/** On narrow screens the calendar scrolls sideways: start at the most recent weeks. */
function scrollToRecent(el: HTMLDivElement) {
  if (el.parentElement) el.parentElement.scrollLeft = el.parentElement.scrollWidth;
}

export default function HeatmapChart({ data }: { data: HeatmapData }) {
  const { t, i18n } = useTranslation();
  const option = useMemo(() => {
    const end = dayjs(data.endDate);
    const start = end.subtract(1, 'year').add(1, 'day');
    const points = data.dataList.map((d) => [dayjs(d.date).format('YYYY-MM-DD'), d.count]);
    const max = Math.max(4, ...data.dataList.map((d) => d.count));
    const { months, days } = labels(i18n.language);
    return {
      tooltip: {
        formatter: (p: { value: [string, number] }) => `${p.value[0]}<br/>${t('userHome.heatmapTip', { count: p.value[1] })}`,
      },
      visualMap: { show: false, type: 'piecewise', min: 0, max, splitNumber: 4, inRange: { color: COLORS.slice(1) }, outOfRange: { color: COLORS[0] } },
      calendar: {
        range: [start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')],
        top: 24,
        left: 36,
        right: 8,
        bottom: 4,
        cellSize: ['auto', 14],
        splitLine: { show: false },
        itemStyle: { color: COLORS[0], borderColor: '#fff', borderWidth: 3 },
        yearLabel: { show: false },
        monthLabel: { nameMap: months, color: '#666' },
        dayLabel: { firstDay: 0, nameMap: days, color: '#666' },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: points.filter((p) => (p[1] as number) > 0) }],
    };
  }, [data, i18n.language, t]);

  return <EChart option={option} className="oj-heatmap" testId="heatmap-chart" onReady={scrollToRecent} />;
}
