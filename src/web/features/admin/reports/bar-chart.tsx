import type { Chart } from 'chart.js';
import { useEffect, useRef } from 'react';

export type ChartSeries = { label: string; values: number[]; color: string };

/**
 * A bar chart drawn by Chart.js, loaded only when a chart is first shown (a dynamic import: its own chunk, never
 * in the admin's first load nor on a public page). The canvas is an image named by `label`; the figures it draws
 * are in the table beside it, for screen readers and for copying.
 */
export function BarChart({
  label,
  labels,
  series,
  stacked = false,
  format,
}: {
  label: string;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  /** How a value reads on the axis and in the tooltip. */
  format?: (value: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart is drawn again when what it shows changes; the figures as text make the key.
  const key = JSON.stringify([labels, series, stacked]);
  const formatRef = useRef(format);
  formatRef.current = format;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for labels, series and stacked
  useEffect(() => {
    let chart: Chart | undefined;
    let cancelled = false;
    void import('chart.js').then(
      ({ Chart: ChartJs, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const show = (value: number | string) =>
          formatRef.current ? formatRef.current(Number(value)) : String(value);
        chart = new ChartJs(canvas.current, {
          type: 'bar',
          data: {
            labels,
            datasets: series.map((one) => ({
              label: one.label,
              data: one.values,
              backgroundColor: one.color,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { stacked },
              y: { stacked, beginAtZero: true, ticks: { callback: (value) => show(value) } },
            },
            plugins: {
              legend: { display: series.length > 1 },
              tooltip: {
                callbacks: { label: (item) => `${item.dataset.label}: ${show(item.parsed.y ?? 0)}` },
              },
            },
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [key]);
  return (
    <div className="relative h-64">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
