import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import type { Difference } from '../api/courses';
import { coursesT } from '../i18n';
import { differenceSize, RevisionDifference } from './RevisionDifference';

afterEach(cleanup);

const typo: Difference = {
  changes: [
    {
      item: 'lesson',
      change: 'changed',
      title: 'حرف الباء',
      within: 'الفصل الأول',
      fields: [{ field: 'description', before: 'النقطتان 1 و 2', after: 'النقطتان 1 و 2 معًا' }],
    },
  ],
};

const bigger: Difference = {
  changes: [
    { item: 'course', change: 'changed', title: 'Braille 2', within: null, fields: [{ field: 'title', before: 'Braille', after: 'Braille 2' }] },
    { item: 'lesson', change: 'added', title: 'Tha', within: 'Two', fields: [{ field: 'description', before: '', after: 'dots 1 4 5 6' }] },
    { item: 'lesson', change: 'removed', title: 'Ta', within: 'Two', fields: [{ field: 'description', before: 'dots 2 3 4 5', after: '' }] },
    { item: 'question', change: 'changed', title: 'braille_input: ا', within: 'Final', fields: [{ field: 'points', before: '1', after: '2' }] },
  ],
};

describe('RevisionDifference', () => {
  it('says a small fix in words: the item, where it is, before and after', () => {
    render(<RevisionDifference difference={typo} txt={coursesT('en')} />);
    expect(screen.getByRole('heading', { name: 'Lessons' })).toBeTruthy();
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('Changed: “حرف الباء”');
    expect(item.textContent).toContain('in “الفصل الأول”');
    const term = within(item).getByText('Description');
    expect(term.tagName).toBe('DT');
    expect(item.textContent).toContain('Before: النقطتان 1 و 2');
    expect(item.textContent).toContain('After: النقطتان 1 و 2 معًا');
    expect(differenceSize(typo)).toBe(1);
  });

  it('groups by kind under headings, in Arabic too, and shows one side for added and removed items', () => {
    render(<RevisionDifference difference={bigger} txt={coursesT('ar')} level={2} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['بيانات الدورة', 'الدروس', 'الأسئلة']);
    const lessons = within(screen.getByRole('region', { name: 'الدروس' })).getAllByRole('listitem');
    expect(lessons[0].textContent).toContain('أُضيف');
    expect(lessons[0].textContent).not.toContain('قبل');
    expect(lessons[1].textContent).toContain('حُذف');
    expect(lessons[1].textContent).not.toContain('بعد');
    expect(screen.getByText('النقاط').tagName).toBe('DT');
    expect(differenceSize(bigger)).toBe(4);
  });

  it('says when nothing changes', () => {
    render(<RevisionDifference difference={{ changes: [] }} txt={coursesT('en')} />);
    expect(screen.getByText('No changes.')).toBeTruthy();
  });
});
