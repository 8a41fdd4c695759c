import { describe, expect, it } from 'vitest';
import { chartGeometry, niceStep, summarise } from './chart';
import { checkNews, EMPTY_NEWS, fromLocalInput, inputOf, isHttpUrl, toLocalInput } from './newsForm';
import { ariaSort, nextSort, parseSort, sortValue, toggleAll, toggleId } from './sort';

const weeks = [
  { week_start: '2026-06-01', signups: 0, enrolments: 2 },
  { week_start: '2026-06-08', signups: 7, enrolments: 3 },
  { week_start: '2026-06-15', signups: 7, enrolments: 11 },
];

describe('weekly chart', () => {
  it('round tick steps of 1, 2 or 5 × 10ⁿ', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(4)).toBe(1);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(11)).toBe(5);
    expect(niceStep(130)).toBe(50);
  });

  it('puts two bars a week on one scale whose top covers the largest figure', () => {
    const g = chartGeometry(weeks);
    expect(g.bars).toHaveLength(6);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 5, 10, 15]);
    const tallest = g.bars.find((b) => b.value === 11)!;
    expect(tallest.y).toBeGreaterThanOrEqual(g.plot.top);
    expect(tallest.y + tallest.height).toBeCloseTo(g.plot.bottom);
    // A zero is a bar of no height on the axis, not a missing one.
    const zero = g.bars.find((b) => b.week === '2026-06-01' && b.kind === 'signups')!;
    expect(zero.height).toBe(0);
    // Equal figures, equal bars.
    const seven = g.bars.filter((b) => b.value === 7);
    expect(seven[0].height).toBeCloseTo(seven[1].height);
  });

  it('runs time left to right in English and right to left in Arabic', () => {
    const ltr = chartGeometry(weeks);
    const rtl = chartGeometry(weeks, { rtl: true });
    const x = (g: typeof ltr, week: string) => g.bars.find((b) => b.week === week && b.kind === 'signups')!.x;
    expect(x(ltr, '2026-06-01')).toBeLessThan(x(ltr, '2026-06-15'));
    expect(x(rtl, '2026-06-01')).toBeGreaterThan(x(rtl, '2026-06-15'));
    expect(rtl.bars.every((b) => b.x >= rtl.plot.left - 0.001 && b.x + b.width <= rtl.plot.right + 0.001)).toBe(true);
  });

  it('labels one week in four and survives an empty series', () => {
    const many = Array.from({ length: 26 }, (_, i) => ({ week_start: `w${i}`, signups: i, enrolments: 0 }));
    expect(chartGeometry(many).labels.map((l) => l.week)).toEqual(['w0', 'w4', 'w8', 'w12', 'w16', 'w20', 'w24']);
    const empty = chartGeometry([]);
    expect(empty.bars).toEqual([]);
    expect(empty.ticks[0].value).toBe(0);
  });

  it('summary: totals and the first busiest week for sign-ups', () => {
    expect(summarise(weeks)).toEqual({ signups: 14, enrolments: 16, busiestWeek: '2026-06-08' });
    expect(summarise([{ week_start: 'x', signups: 0, enrolments: 1 }]).busiestWeek).toBeNull();
  });
});

describe('sortable tables', () => {
  const fallback = { key: 'created_at', dir: 'desc' } as const;
  it('reads the URL value, refusing unknown columns', () => {
    expect(parseSort('-name', ['name'], fallback)).toEqual({ key: 'name', dir: 'desc' });
    expect(parseSort('email', ['name'], fallback)).toEqual(fallback);
    expect(parseSort(null, ['name'], fallback)).toEqual(fallback);
    expect(sortValue({ key: 'name', dir: 'desc' })).toBe('-name');
  });

  it('the same header flips the order; another starts ascending; only the sorted header has aria-sort', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'email')).toEqual({ key: 'email', dir: 'asc' });
    expect(ariaSort({ key: 'name', dir: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSort({ key: 'name', dir: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort({ key: 'name', dir: 'desc' }, 'email')).toBeUndefined();
  });

  it('selection: one row, or the whole page on and off, keeping other pages’ choices', () => {
    expect([...toggleId(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleId(new Set([1, 2]), 1)]).toEqual([2]);
    expect([...toggleAll(new Set([9]), [1, 2])].sort()).toEqual([1, 2, 9]);
    expect([...toggleAll(new Set([1, 2, 9]), [1, 2])]).toEqual([9]);
    expect([...toggleAll(new Set([1]), [1, 2])].sort()).toEqual([1, 2]);
  });
});

describe('news editor form', () => {
  const filled = { ...EMPTY_NEWS, title_ar: 'خبر', title_en: 'News', body_md_ar: 'نص', body_md_en: 'Text' };

  it('needs both titles and both bodies', () => {
    expect(checkNews(EMPTY_NEWS)).toEqual({ title_ar: 'required', title_en: 'required', body_md_ar: 'required', body_md_en: 'required' });
    expect(checkNews(filled)).toEqual({});
  });

  it('an image needs its description in both languages', () => {
    expect(checkNews({ ...filled, image_media_id: 5 })).toEqual({ image_alt_ar: 'altRequired', image_alt_en: 'altRequired' });
    expect(checkNews({ ...filled, image_media_id: 5, image_alt_ar: 'صورة', image_alt_en: 'A photo' })).toEqual({});
  });

  it('link, slug, lengths and a scheduled date are checked', () => {
    expect(checkNews({ ...filled, link: 'javascript:alert(1)' }).link).toBe('invalidLink');
    expect(checkNews({ ...filled, link: 'https://example.org/a' }).link).toBeUndefined();
    expect(checkNews({ ...filled, slug: 'New Course' }).slug).toBe('invalidSlug');
    expect(checkNews({ ...filled, slug: 'new-course-2' }).slug).toBeUndefined();
    expect(checkNews({ ...filled, title_en: 'x'.repeat(201) }).title_en).toEqual({ tooLong: 200 });
    expect(checkNews({ ...filled, state: 'scheduled' }).publish_at).toBe('required');
    expect(checkNews({ ...filled, state: 'scheduled', publish_at: '2026-12-01T09:00' }).publish_at).toBeUndefined();
    expect(isHttpUrl('ftp://x.org')).toBe(false);
  });

  it('sends alt texts only with an image, a null link when empty and publish_at only when scheduled', () => {
    const input = inputOf({ ...filled, image_alt_ar: 'left over', link: '  ', publish_at: '2026-12-01T09:00' });
    expect(input.image_alt_ar).toBe('');
    expect(input.link).toBeNull();
    expect(input.publish_at).toBeNull();
    const scheduled = inputOf({ ...filled, state: 'scheduled', publish_at: '2026-12-01T09:00' });
    expect(scheduled.publish_at).toBe(fromLocalInput('2026-12-01T09:00'));
    expect(scheduled.publish_at).toMatch(/^2026-12-0[12]T\d{2}:00:00Z$/);
  });

  it('local date-time round trip', () => {
    const iso = fromLocalInput('2026-12-01T09:30')!;
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
