/**
 * Geometry of the overview's weekly chart: two bars a week (sign-ups, enrolments) on a shared
 * scale with round tick values. Pure, so it is tested without a browser. In Arabic the time
 * axis runs right to left, like the text.
 */
export interface WeekFigures {
  week_start: string;
  signups: number;
  enrolments: number;
}

export interface Bar {
  kind: 'signups' | 'enrolments';
  week: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: Bar[];
  ticks: Array<{ value: number; y: number }>;
  /** Week labels, one in four, under the axis. */
  labels: Array<{ week: string; x: number }>;
}

/** A step of 1, 2 or 5 × 10ⁿ that splits `max` into about `parts` parts (at least 1). */
export function niceStep(max: number, parts = 4): number {
  const raw = Math.max(1, max) / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return Math.max(1, m * power);
  return Math.max(1, 10 * power);
}

export function chartGeometry(weeks: WeekFigures[], opts: { width?: number; height?: number; rtl?: boolean } = {}): ChartGeometry {
  const width = opts.width ?? 720;
  const height = opts.height ?? 280;
  const plot = { left: 48, right: width - 16, top: 16, bottom: height - 40 };
  if (opts.rtl) {
    plot.left = 16;
    plot.right = width - 48;
  }
  const max = Math.max(0, ...weeks.flatMap((w) => [w.signups, w.enrolments]));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const scaleY = (v: number) => plot.bottom - ((plot.bottom - plot.top) * v) / top;
  const ticks = [];
  for (let v = 0; v <= top; v += step) ticks.push({ value: v, y: scaleY(v) });

  const n = Math.max(1, weeks.length);
  const slot = (plot.right - plot.left) / n;
  const barWidth = Math.max(1, (slot * 0.8) / 2);
  const bars: Bar[] = [];
  const labels: ChartGeometry['labels'] = [];
  weeks.forEach((w, i) => {
    // Slot i counted from the start edge: the left in English, the right in Arabic.
    const slotStart = opts.rtl ? plot.right - (i + 1) * slot : plot.left + i * slot;
    const first = slotStart + slot * 0.1;
    const order: Array<'signups' | 'enrolments'> = opts.rtl ? ['enrolments', 'signups'] : ['signups', 'enrolments'];
    order.forEach((kind, j) => {
      const value = w[kind];
      const y = scaleY(value);
      bars.push({ kind, week: w.week_start, value, x: first + j * barWidth, y, width: barWidth, height: plot.bottom - y });
    });
    if (i % 4 === 0) labels.push({ week: w.week_start, x: slotStart + slot / 2 });
  });
  return { width, height, plot, bars, ticks, labels };
}

/** Totals and the busiest week for sign-ups (the first of equals), for the spoken summary. */
export function summarise(weeks: WeekFigures[]): { signups: number; enrolments: number; busiestWeek: string | null } {
  let busiest: WeekFigures | null = null;
  for (const w of weeks) if (!busiest || w.signups > busiest.signups) busiest = w;
  return {
    signups: weeks.reduce((n, w) => n + w.signups, 0),
    enrolments: weeks.reduce((n, w) => n + w.enrolments, 0),
    busiestWeek: busiest && busiest.signups > 0 ? busiest.week_start : null,
  };
}
