/**
 * Certificates end to end, by keyboard: a student who completed a course (set up through the
 * API: an instructor's course with a lesson exercise and a final assessment, accredited by a
 * supervisor, passed by the student) requests the certificate in the page; a supervisor, in
 * another browser, sees it arrive live, rejects it with a reason through the dialog; the student
 * sees that live and asks again; the supervisor approves; the student's page updates live, the
 * certificate view shows every field and the QR code, the PDF downloads, and a visitor's fresh
 * browser verifies it ("genuine"); an unknown code is "not found". Then search and revocation,
 * axe on every new page in ar/dark and en/light, and (with LAMSA_SCREENSHOTS=<dir>) screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accredit, apiAs as api, apiLogin, axeViolations, BASE, byId, clearSupervisorQueues, createAccount, expect, expectFocus, expectHeadingFocused, expectStatus, launch, newPage, pagesForFile, press, setPrefs, socketReady, storeSession, SUPERVISOR, test, type LoginResult } from './support';

// Each test goes on from where the one before left the pages and the data: after a failure the
// rest of the file does not run.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Braille certificate ${stamp}`;
const STUDENT = `Sara ${stamp}`;
/** With LAMSA_SCREENSHOTS=<dir>, screenshots are saved there as certs-<page>-<lang>-<theme>.png. */
const SHOTS = process.env.LAMSA_SCREENSHOTS ?? '';

let sp: Page;
let st: Page;
let instructor: LoginResult;
let supervisor: LoginResult;
let student: LoginResult;
let courseId = 0;
let code = '';

/** Starts an attempt, answers every question with `braille`, submits. */
async function pass(s: LoginResult, assessmentId: number, braille: string) {
  const started = await api<{ attempt: { id: number }; questions: Array<{ id: number }> }>(s, 'POST', `assessments/${assessmentId}/attempts`, {});
  for (const q of started.questions) await api(s, 'PUT', `attempts/${started.attempt.id}/answers/${q.id}`, { braille });
  const done = await api<{ result: { attempt: { passed: boolean } } }>(s, 'POST', `attempts/${started.attempt.id}/submit`, {});
  if (!done.result.attempt.passed) throw new Error(`assessment ${assessmentId} not passed`);
}

const activeName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').replace(/[\u2068\u2069]/g, '').trim();
  });

pagesForFile(2, (p) => ([sp, st] = p));
test.beforeAll(async () => {
  instructor = await createAccount('instructor', 'Certificate Instructor');
  student = await createAccount('student', STUDENT);
  supervisor = await apiLogin(SUPERVISOR.email, SUPERVISOR.password);
  await clearSupervisorQueues(supervisor);

  // A course with one lesson exercise and a final assessment, accredited.
  const created = await api<{ course: { id: number; chapters: Array<{ lessons: Array<{ id: number }> }> } }>(instructor, 'POST', 'courses', {
    title: TITLE,
    type: 'reading',
    duration_days: 21,
    description: 'The first Arabic Braille letters.',
    category: 'letters',
    level: 'beginner',
    language: 'ar',
    image_media_id: null,
    chapters: [{ title: 'الحروف الأولى', description: 'ا ب', lessons: [{ title: 'حرف الباء', description: 'النقطتان 1 و2', letters: ['ب'], words: [], links: [], media: [] }] }],
  });
  courseId = created.course.id;
  const lessonId = created.course.chapters[0].lessons[0].id;
  const question = [{ type: 'braille_input', points: 1, print: 'ب' }];
  const exercise = await api<{ assessment: { id: number } }>(instructor, 'POST', 'instructor/assessments', {
    course_id: courseId,
    type: 'lesson_exercise',
    lesson_id: lessonId,
    title: 'تمرين الباء',
    pass_mark: 100,
    questions: question,
  });
  const final = await api<{ assessment: { id: number } }>(instructor, 'POST', 'instructor/assessments', {
    course_id: courseId,
    type: 'final_assessment',
    title: 'الاختبار النهائي',
    pass_mark: 60,
    max_attempts: null,
    questions: question,
  });
  // Accredited once its assessments are made: a live course's change only through a revision (issue 23).
  await accredit(instructor, supervisor, courseId);
  // The student enrols and passes both.
  await api(student, 'POST', `courses/${courseId}/enrol`, {});
  await api(student, 'POST', `lessons/${lessonId}/complete`, {});
  await pass(student, exercise.assessment.id, '⠃');
  await pass(student, final.assessment.id, '⠃');
});

test.describe('certificate life cycle', () => {
  test('the student requests in the page; a supervisor sees it live, rejects with a reason, then approves the new request; the student follows live', async () => {
    // ---- Both pages are open (sockets ready) before anything happens.
    await setPrefs(st, { lang: 'en', theme: 'light', clear: true });
    await storeSession(st, student);
    const stReady = socketReady(st);
    await st.goto('/student/certificates');
    await expect(st.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
    await stReady;
    await setPrefs(sp, { lang: 'en', theme: 'light', clear: true });
    await storeSession(sp, supervisor);
    const spReady = socketReady(sp);
    await sp.goto('/supervisor/certificate');
    await expect(sp.getByRole('heading', { level: 1, name: 'Certificate requests' })).toBeVisible();
    await spReady;

    // ---- The student's completed course offers the request, with the 24-hour help text.
    const course = st.getByRole('listitem').filter({ has: st.getByRole('heading', { level: 2, name: TITLE }) });
    await expect(course.getByText('Completed', { exact: true })).toBeVisible();
    await expect(course.getByText('100% (Excellent)')).toBeVisible();
    const requestButton = st.getByRole('button', { name: `Request certificate for “${TITLE}”` });
    const help = await requestButton.getAttribute('aria-describedby');
    await expect(st.locator(`[id="${help}"]`)).toHaveText('The certificate is available within 24 hours of your request.');
    await press(requestButton);
    await expectStatus(st, 'Certificate request sent');
    await expectFocus(st, `cert-state-${courseId}`);
    await expect(course.getByText(/^You requested the certificate on .*within 24 hours of your request\.$/)).toBeVisible();

    // ---- It arrives live in the supervisor's queue, announced politely.
    const reject = sp.getByRole('button', { name: `Reject the certificate request of ${STUDENT} for “${TITLE}”` });
    await expect(reject).toBeVisible({ timeout: 15_000 });
    await expectStatus(sp, `New certificate request: ${STUDENT}, “${TITLE}”.`);
    const table = sp.getByRole('table', { name: 'Certificate requests waiting for a decision' });
    await expect(table.getByRole('row').filter({ hasText: STUDENT }).getByText('100% (Excellent)')).toHaveCount(1);

    // ---- Reject through the dialog: focus in the reason, an empty reason refused on the field.
    await press(reject);
    const dialog = sp.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(byId(sp, 'cq-reason')).toBeFocused();
    await sp.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await activeName(sp)).toBe(`Reject the certificate request of ${STUDENT} for “${TITLE}”`);
    await sp.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expectFocus(sp, 'cq-reason');
    await press(dialog.getByRole('button', { name: 'Send the rejection' }));
    await expectFocus(sp, 'cq-reason');
    await expect(sp.locator('#cq-reason')).toHaveAttribute('aria-invalid', 'true');
    await expect(sp.locator('#cq-reason-error')).toHaveText('This field is required');
    await expect(sp.locator('#cq-reason')).toHaveAttribute('aria-describedby', 'cq-reason-hint cq-reason-error');
    await sp.locator('#cq-reason').fill('Please retake the final assessment.');
    await press(dialog.getByRole('button', { name: 'Send the rejection' }));
    await expectStatus(sp, `Certificate request rejected: ${STUDENT}, “${TITLE}”.`);
    await expect(dialog).toBeHidden();
    await expectFocus(sp, 'cq-summary');
    await expect(sp.locator('#cq-summary')).toHaveText('No certificate requests are waiting.');

    // ---- The student sees the rejection live, with the reason, and asks again.
    await expectStatus(st, `Your certificate request for “${TITLE}” was rejected.`);
    await expect(course.getByText('Please retake the final assessment.')).toBeVisible();
    if (SHOTS) await st.screenshot({ path: `${SHOTS}/certs-student-rejected-en-light.png`, fullPage: true });
    await press(st.getByRole('button', { name: `Request the certificate again for “${TITLE}”` }));
    await expectStatus(st, 'Certificate request sent');

    // ---- The supervisor approves the new request (it arrived live); the student's page follows.
    const approve = sp.getByRole('button', { name: `Approve the certificate of ${STUDENT} for “${TITLE}”` });
    await expect(approve).toBeVisible({ timeout: 15_000 });
    await press(approve);
    await expectStatus(sp, `Certificate issued: ${STUDENT}, “${TITLE}”.`);
    await expectFocus(sp, 'cq-summary');
    await expectStatus(st, `Your certificate for “${TITLE}” has been issued.`);
    const view = st.getByRole('link', { name: `View the certificate for “${TITLE}”` });
    await expect(view).toBeVisible();
    code = decodeURIComponent((await view.getAttribute('href'))!.split('/').pop()!);
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    // ---- The approved tab lists it with a link to the certificate.
    await press(sp.getByRole('link', { name: 'Approved' }));
    await expect(sp.getByRole('table', { name: 'Approved certificate requests' }).getByRole('link', { name: `View certificate ${code}` })).toBeVisible();
  });

  test('the certificate view shows every field and the QR code, downloads the PDF, and a visitor verifies it', async ({ browser }) => {
    expect(code).not.toBe('');
    await press(st.getByRole('link', { name: `View the certificate for “${TITLE}”` }));
    await st.waitForURL(new RegExp(`/student/certificates/${code}$`));
    await expect(st.locator('h1', { hasText: `Certificate: ${TITLE}` })).toBeVisible();
    await expectHeadingFocused(st);
    const facts = await st.locator('.cert-facts').evaluate((dl) =>
      Array.from(dl.querySelectorAll('dt')).map((dt) => [dt.textContent, (dt.nextElementSibling?.textContent ?? '').trim()]),
    );
    expect(facts.map(([k]) => k)).toEqual(['Student name', 'Course', 'Date of issue', 'Duration', 'Grade', 'Percentage', 'Certificate code']);
    expect(Object.fromEntries(facts)).toMatchObject({ 'Student name': STUDENT, Course: TITLE, Duration: '21 days', Grade: 'Excellent', Percentage: '100%', 'Certificate code': code });
    const qr = st.getByRole('img', { name: `QR code that opens the verification page of certificate ${code}` });
    await st.waitForFunction(() => ((document.querySelector('.cert-qr') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const verifyUrl = await st.locator('.cert-url').getAttribute('href');
    expect(verifyUrl).toBe(`${BASE}/certificates/verify/${code}`);

    // ---- The PDF: fetched with the token, handed over as a real download.
    const downloading = st.waitForEvent('download');
    await press(st.getByRole('button', { name: 'Download PDF' }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`lamsa-certificate-${code}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    await expectStatus(st, `Download started: lamsa-certificate-${code}.pdf`);

    // ---- A visitor, in a fresh browser without a session, verifies it.
    const visitor = await launch(browser);
    try {
      const vp = await newPage(visitor);
      await setPrefs(vp, { lang: 'en', theme: 'light', clear: true });
      await vp.goto(verifyUrl!);
      await expect(vp.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
      await expectStatus(vp, 'Genuine certificate: this certificate is genuine and valid.');
      const shown = await vp.locator('.cert-facts dd').allTextContents();
      expect(shown.map((s) => s.trim())).toEqual([STUDENT, TITLE, expect.any(String), '21 days', 'Excellent', '100%', code]);
      // An unknown code, typed in the form (Enter submits).
      await vp.locator('#verify-code').fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
      await vp.locator('#verify-code').press('Enter');
      await vp.waitForURL(/\/certificates\/verify\/ZZZZ-ZZZZ-ZZZZ-ZZZZ$/);
      await expectHeadingFocused(vp, 'Certificate verification');
      await expectStatus(vp, 'Certificate not found: no certificate has the code ZZZZ-ZZZZ-ZZZZ-ZZZZ.');
      await expect(vp.locator('.cert-facts')).toHaveCount(0);
      // In Arabic.
      await setPrefs(vp, { lang: 'ar' });
      await vp.goto(`/certificates/verify/${code}`);
      await expectStatus(vp, 'شهادة صحيحة: هذه الشهادة أصلية وسارية.');
      await vp.goto('/certificates/verify/nope');
      await expectStatus(vp, 'الشهادة غير موجودة: لا توجد شهادة بالرمز nope.');
    } finally {
      await visitor.close();
    }
  });

  test('issued certificates: search by Enter, revoke with a reason; the student and the verification page follow', async ({ browser }) => {
    expect(code).not.toBe('');
    const stReady = socketReady(st);
    await st.goto('/student/certificates');
    await expect(st.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
    await stReady;
    await sp.goto('/supervisor/issued-certificates');
    await expect(sp.getByRole('heading', { level: 1, name: 'Issued certificates' })).toBeVisible();
    await sp.locator('#ic-q').fill(stamp);
    await sp.locator('#ic-q').press('Enter');
    await expectStatus(sp, '1 certificate found.');
    const table = sp.getByRole('table', { name: `Certificates matching “${stamp}”` });
    await expect(table.getByRole('rowheader', { name: code })).toBeVisible();
    await press(table.getByRole('button', { name: `Revoke certificate ${code} of ${STUDENT}` }));
    const dialog = sp.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectFocus(sp, 'ic-revoke-reason');
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await expect(sp.locator('#ic-revoke-reason')).toHaveAttribute('aria-invalid', 'true');
    await sp.locator('#ic-revoke-reason').fill('Issued for the wrong course.');
    await press(dialog.getByRole('button', { name: 'Revoke the certificate' }));
    await expectStatus(sp, `Certificate ${code} was revoked.`);
    await expect(dialog).toBeHidden();
    await expectFocus(sp, `ic-view-${code}`);
    await expect(table.getByRole('row').filter({ hasText: code }).getByText('Revoked')).toHaveCount(1);

    await expectStatus(st, `Your certificate for “${TITLE}” was revoked.`);
    await expect(st.locator(`#cert-state-${courseId}`).getByText('Issued for the wrong course.')).toBeVisible();
    await expect(st.getByRole('button', { name: `Request the certificate again for “${TITLE}”` })).toBeVisible();

    const visitor = await launch(browser);
    try {
      const vp = await newPage(visitor);
      await setPrefs(vp, { lang: 'en', clear: true });
      await vp.goto(`/certificates/verify/${code}`);
      await expectStatus(vp, 'Revoked certificate: this certificate was revoked on');
    } finally {
      await visitor.close();
    }
  });
});

for (const [lang, theme] of [
  ['ar', 'dark'],
  ['en', 'light'],
] as const) test.describe(`axe and screenshots, ${lang} ${theme}`, () => {
  test('every certificate page has no violations', async () => {
    expect(courseId).toBeGreaterThan(0);
    const found: Record<string, unknown> = {};
    const scan = async (page: Page, what: string) => {
      await page.waitForLoadState('networkidle');
      const v = await axeViolations(page);
      if (v.length) found[what] = v;
    };
    const shot = async (page: Page, name: string) => {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/certs-${name}-${lang}-${theme}.png`, fullPage: true });
    };
    for (const [page, s] of [
      [sp, supervisor],
      [st, student],
    ] as const) {
      await setPrefs(page, { lang, theme });
      await storeSession(page, s);
    }
    // A waiting request (the previous certificate was revoked, so the student may ask again).
    await api(student, 'POST', 'certificates/requests', { course_id: courseId });

    await st.goto('/student/certificates');
    await expect(st.locator(`#cert-state-${courseId} p`).first()).toBeVisible();
    await scan(st, 'student, pending');
    await sp.goto('/supervisor/certificate');
    await expect(sp.locator('.cert-table tbody tr').first()).toBeVisible();
    await scan(sp, 'queue');
    await shot(sp, 'queue');
    await sp.locator('.cert-table tbody tr').first().locator('button').nth(1).click();
    await expect(sp.getByRole('dialog')).toBeVisible();
    await sp.locator('.cert-dialog button[type="submit"]').click();
    await expect(sp.locator('#cq-reason-error')).toBeVisible();
    await scan(sp, 'queue, reject dialog with an error');
    await shot(sp, 'queue-dialog');
    await sp.keyboard.press('Escape');
    await sp.goto('/supervisor/certificate?status=rejected');
    await expect(sp.locator('.cert-table')).toBeVisible();
    await scan(sp, 'queue, rejected');

    // Approved: a valid certificate again.
    const pending = await api<{ requests: Array<{ id: number; course_id: number }> }>(supervisor, 'GET', 'supervisor/certificate-requests?status=pending');
    const approved = await api<{ certificate: { code: string } }>(supervisor, 'POST', `certificate-requests/${pending.requests.find((r) => r.course_id === courseId)!.id}/approve`, {});
    const valid = approved.certificate.code;

    await st.goto('/student/certificates');
    await expect(st.locator(`#cert-state-${courseId} a`)).toBeVisible();
    await scan(st, 'student, issued');
    await shot(st, 'student');
    await st.goto(`/student/certificates/${valid}`);
    await expect(st.locator('.cert-facts')).toBeVisible();
    await st.waitForFunction(() => ((document.querySelector('.cert-qr') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    await scan(st, 'certificate view');
    await shot(st, 'view');
    await st.goto(`/student/certificates/${code}`);
    await expect(st.locator('.cert-facts')).toBeVisible();
    await scan(st, 'certificate view, revoked');
    await shot(st, 'view-revoked');
    await sp.goto(`/supervisor/issued-certificates/${valid}`);
    await expect(sp.locator('.cert-facts')).toBeVisible();
    await scan(sp, 'certificate view, supervisor');
    await sp.goto('/supervisor/issued-certificates');
    await expect(sp.locator('.cert-table')).toBeVisible();
    await scan(sp, 'issued');
    await shot(sp, 'issued');
    await sp.locator(`[id="ic-view-${valid}"]`).locator('xpath=following-sibling::button').click();
    await expect(sp.getByRole('dialog')).toBeVisible();
    await scan(sp, 'issued, revoke dialog');
    await sp.keyboard.press('Escape');

    // The public verification page, signed out: valid, revoked, not found, the bare form.
    await st.evaluate(() => ['auth-token', 'refresh_token', 'name', 'email', 'avatar', 'type', 'user_id'].forEach((k) => localStorage.removeItem(k)));
    await st.goto(`/certificates/verify/${valid}`);
    await expect(st.locator('.cert-verdict-valid')).toBeVisible();
    await scan(st, 'verify, valid');
    await shot(st, 'verify');
    await st.goto(`/certificates/verify/${code}`);
    await expect(st.locator('.cert-verdict-revoked')).toBeVisible();
    await scan(st, 'verify, revoked');
    await shot(st, 'verify-revoked');
    await st.goto('/certificates/verify/ABCD-EFGH-JKMN-PQ01');
    await expect(st.locator('.cert-verdict-not-found')).toBeVisible();
    await scan(st, 'verify, not found');
    await shot(st, 'verify-notfound');
    await st.goto('/certificates/verify');
    await expect(st.locator('#verify-code')).toBeVisible();
    await scan(st, 'verify, form');

    // Revoked again, so the next language's run can ask once more.
    await api(supervisor, 'POST', `certificates/${valid}/revoke`, { reason: 'For the next scan.' });
    expect(found).toEqual({});
  });
});
