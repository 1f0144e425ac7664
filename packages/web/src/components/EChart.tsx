import { useEffect, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * One ECharts instance in a div: created with the element, given `option`, resized with its box,
 * disposed with it. Each chart module registers only the charts and components it uses
 * (`echarts.use`), so the library never loads whole; pass a memoised option.
 */
export function EChart({
  option,
  className,
  style,
  testId,
  onReady,
}: {
  option: EChartsCoreOption;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  /** after the first paint, with the element (e.g. to scroll its container) */
  onReady?: (el: HTMLDivElement) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onReady is a callback for the first paint of this option, not a reason to redraw.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption(option);
    onReady?.(el);
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} className={className} style={style} data-testid={testId} />;
}
