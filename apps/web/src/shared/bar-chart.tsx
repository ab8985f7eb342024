import './bar-chart.css';

export interface BarSeries {
  label: string;
  /** One value per bucket, in the buckets' order. */
  values: number[];
  /** A colour of bar-chart.css: 0 pending amber, 1 approved green, 2 rejected red, 3 expired grey, or the brand's. */
  tone: 0 | 1 | 2 | 3 | 'brand';
}

/**
 * Bars drawn as SVG (no chart library to download), stacked when there are
 * several series. The drawing is hidden from screen readers: the table under
 * it, which they read, holds every number, and a keyboard never stops on it.
 */
export function BarChart(props: {
  buckets: string[];
  series: BarSeries[];
  format: (n: number) => string;
  caption: string;
  bucketHeader: string;
}) {
  const { buckets, series, format } = props;
  const n = buckets.length;
  const totals = buckets.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const width = 320;
  const height = 120;
  const gap = n > 40 ? 1 : 2;
  const bar = Math.max(1, width / Math.max(1, n) - gap);
  return (
    <div className="bar-chart">
      <div aria-hidden="true">
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" focusable="false">
          {buckets.map((b, i) => {
            let top = height;
            return series.map((s) => {
              const v = s.values[i] ?? 0;
              const h = (v / max) * (height - 4);
              top -= h;
              return v > 0 ? (
                <rect
                  key={`${b}-${s.tone}`}
                  className={`bar-chart__bar--${s.tone}`}
                  x={i * (width / n) + gap / 2}
                  y={top}
                  width={bar}
                  height={Math.max(h, 1)}
                />
              ) : null;
            });
          })}
        </svg>
        <div className="bar-chart__axis">
          <span>{buckets[0] ?? ''}</span>
          <span>{format(max)}</span>
          <span>{buckets[n - 1] ?? ''}</span>
        </div>
        {series.length > 1 && (
          <ul className="bar-chart__legend">
            {series.map((s) => (
              <li key={s.label}>
                <span className={`bar-chart__key bar-chart__bar--${s.tone}`} />
                {s.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <table className="visually-hidden">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.bucketHeader}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((b, i) => (
            <tr key={b}>
              <th scope="row">{b}</th>
              {series.map((s) => (
                <td key={s.label}>{format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
