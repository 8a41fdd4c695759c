import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { __resetForTests } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import { publishLive } from '@/lib/realtime';
import { appStore, sessionAtom } from '@/lib/state';
import { KEYS } from '@/lib/storage';
import {
  applyDecision,
  applyToQueue,
  certificateFromPayload,
  certificatePdf,
  issuedCertificates,
  pdfFileName,
  requestFromPayload,
  type CertificateDto,
  type CertificateRequestDto,
  type StudentCourseCertificate,
} from './api/certificates';
import { CertificatePage } from './routes/CertificatePage';
import { IssuedCertificatesPage } from './routes/IssuedCertificatesPage';
import { RequestQueuePage } from './routes/RequestQueuePage';
import { StudentCertificatesPage } from './routes/StudentCertificatesPage';
import { VerifyPage } from './routes/VerifyPage';
import { formatPercent } from '@/lib/format';
import { certificatesT } from './i18n';
import { fakeApiReplies, type Recorded, type Reply } from '@/test/server';
import { signIn } from '@/test/session';

/** Text without the bidi isolates the page puts around names and titles. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u2068\u2069]/g, '');

const req = (id: number, extra: Partial<CertificateRequestDto> = {}): CertificateRequestDto => ({
  id,
  course_id: 10 + id,
  course_title: `Course ${id}`,
  student_id: 7,
  student_name: `Student ${id}`,
  status: 'pending',
  reason: null,
  requested_at: `2026-11-0${id}T10:00:00Z`,
  decided_at: null,
  percent: 91,
  grade: 'excellent',
  certificate_code: null,
  ...extra,
});

const cert = (code: string, extra: Partial<CertificateDto> = {}): CertificateDto => ({
  code,
  student_id: 7,
  student_name: 'Sara Ali',
  course_id: 11,
  course_title: 'Braille letters',
  issued_at: '2026-11-05T09:30:00Z',
  duration_days: 30,
  grade: 'very_good',
  percent: 78.5,
  status: 'valid',
  revoked_at: null,
  revoke_reason: null,
  verify_url: `http://lamsa.test/certificates/verify/${code}`,
  ...extra,
});

let requests: Recorded[];

function server(routes: Record<string, (body: unknown, url: string) => Reply>) {
  requests = fakeApiReplies(routes);
}

function page(ui: React.ReactNode, path = '/', at = '/') {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [at] });
  return render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const statusTexts = () => screen.getAllByRole('status').map((s) => plain(s.textContent));
const live = (id: number, kind: string, payload: Record<string, unknown>) => act(() => publishLive({ id, kind, payload, created_at: '' }));

beforeEach(() => act(() => applyLanguage('en')));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  __resetForTests();
  appStore.set(sessionAtom, null);
  act(() => applyLanguage('ar'));
});

describe('helpers', () => {
  it('applies a decision to the student’s course list and ignores older requests', () => {
    const courses: StudentCourseCertificate[] = [
      { course_id: 11, course_title: 'A', progress_state: 'completed', percent: 90, grade: 'excellent', request: req(1, { course_id: 11 }), certificate: null },
      { course_id: 12, course_title: 'B', progress_state: 'in_progress', percent: null, grade: null, request: null, certificate: null },
    ];
    const approved = req(1, { course_id: 11, status: 'approved', certificate_code: 'C1' });
    const next = applyDecision(courses, approved, cert('C1'));
    expect(next[0].request?.status).toBe('approved');
    expect(next[0].certificate?.code).toBe('C1');
    expect(next[1]).toBe(courses[1]);
    // A stale event about an older request does not overwrite a newer one.
    const again = applyDecision(next.map((c) => (c.course_id === 11 ? { ...c, request: req(3, { course_id: 11 }) } : c)), approved, null);
    expect(again[0].request?.id).toBe(3);
    expect(applyDecision(courses, null, null)).toBe(courses);
  });

  it('keeps the queue in order: new waiting requests oldest first, decided ones out', () => {
    let q = [req(2)];
    q = applyToQueue(q, req(1), 'pending');
    q = applyToQueue(q, req(3), 'pending');
    q = applyToQueue(q, req(3), 'pending');
    expect(q.map((r) => r.id)).toEqual([1, 2, 3]);
    q = applyToQueue(q, req(2, { status: 'approved' }), 'pending');
    expect(q.map((r) => r.id)).toEqual([1, 3]);
    const decided = applyToQueue([req(1, { status: 'approved', decided_at: '2026-11-02T00:00:00Z' })], req(2, { status: 'approved', decided_at: '2026-11-09T00:00:00Z' }), 'approved');
    expect(decided.map((r) => r.id)).toEqual([2, 1]);
  });

  it('reads requests and certificates from event payloads, or nothing from broken ones', () => {
    expect(requestFromPayload({ request: req(1) })?.id).toBe(1);
    expect(requestFromPayload({ request: { id: 'x' } })).toBeNull();
    expect(requestFromPayload(null)).toBeNull();
    expect(certificateFromPayload({ certificate: cert('AB') })?.code).toBe('AB');
    expect(certificateFromPayload({ certificate: null })).toBeNull();
  });

  it('formats percentages, grades and file names', () => {
    expect(formatPercent(78.5, 'en')).toBe('78.5%');
    expect(formatPercent(null, 'en')).toBe('');
    expect(certificatesT('ar')('grades.very_good')).toBe('جيد جدًا');
    expect(certificatesT('en')('grades.average')).toBe('Average');
    expect(pdfFileName('LM-2026/../X')).toBe('lamsa-certificate-LM-2026X.pdf');
  });

  it('searches issued certificates with an encoded query, and fetches the PDF as a blob with the bearer token', async () => {
    server({
      'GET /api/supervisor/issued-certificates*': () => ({ body: { certificates: [] } }),
      'GET /api/certificates/AB12/pdf': () => ({ raw: '%PDF-1.7 test', type: 'application/pdf' }),
    });
    localStorage.setItem(KEYS.token, 'tok');
    await issuedCertificates('  سارة & co ');
    await issuedCertificates('');
    expect(requests.map((r) => r.url)).toEqual([`/api/supervisor/issued-certificates?q=${encodeURIComponent('سارة & co')}`, '/api/supervisor/issued-certificates']);
    const blob = await certificatePdf('AB12');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 test');
    expect(requests[2].headers.Authorization).toBe('Bearer tok');
  });
});

describe('StudentCertificatesPage', () => {
  const courses = (): StudentCourseCertificate[] => [
    { course_id: 11, course_title: 'Braille letters', progress_state: 'completed', percent: 91, grade: 'excellent', request: null, certificate: null },
    { course_id: 12, course_title: 'Numbers', progress_state: 'in_progress', percent: null, grade: null, request: null, certificate: null },
    {
      course_id: 13,
      course_title: 'Words',
      progress_state: 'completed',
      percent: 70,
      grade: 'good',
      request: req(5, { course_id: 13, status: 'rejected', reason: 'Please retake the final', decided_at: '2026-11-06T10:00:00Z' }),
      certificate: null,
    },
  ];

  beforeEach(() => signIn(7, 'student'));

  it('shows each course’s state; a completed course is requested ("Certificate request sent"), then the decision arrives live', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/student/certificates': () => ({ body: { courses: courses() } }),
      'POST /api/certificates/requests': (body) => ({
        status: 201,
        body: { message: 'Certificate request sent', request: req(9, { course_id: (body as { course_id: number }).course_id, course_title: 'Braille letters' }) },
      }),
    });
    page(<StudentCertificatesPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Braille letters' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificates' })).toBeTruthy();
    expect(screen.getByText('Complete the course to request its certificate.')).toBeTruthy();
    expect(screen.getByText('Please retake the final')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request the certificate again for “Words”' })).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Request certificate for “Braille letters”' });
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('The certificate is available within 24 hours of your request.');
    await user.click(button);
    await waitFor(() => expect(statusTexts()).toContain('Certificate request sent'));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/certificates/requests', body: { course_id: 11 } });
    const state = document.getElementById('cert-state-11')!;
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(state.textContent).toMatch(/^You requested the certificate on .+ the certificate is available within 24 hours of your request\.$/);

    const issued = cert('LM-1', { course_id: 11 });
    live(501, 'certificate_request.decided', { request: req(9, { course_id: 11, status: 'approved', certificate_code: 'LM-1' }), certificate: issued });
    expect(statusTexts()).toContain('Your certificate for “Braille letters” has been issued.');
    const link = within(state).getByRole('link', { name: 'View the certificate for “Braille letters”' });
    expect(link.getAttribute('href')).toBe('/student/certificates/LM-1');
    expect(document.activeElement).toBe(state);

    live(502, 'certificate.revoked', { certificate: { ...issued, status: 'revoked', revoked_at: '2026-11-08T10:00:00Z', revoke_reason: 'Issued in error' } });
    expect(statusTexts()).toContain('Your certificate for “Braille letters” was revoked.');
    expect(within(state).getByText('Issued in error')).toBeTruthy();
  });

  it('shows the server’s refusal (409) in an alert and reloads the course’s state', async () => {
    const user = userEvent.setup();
    let list = courses();
    server({
      'GET /api/student/certificates': () => ({ body: { courses: list } }),
      'POST /api/certificates/requests': () => {
        list = list.map((c) => (c.course_id === 11 ? { ...c, request: req(8, { course_id: 11 }) } : c));
        return { status: 409, body: { code: 'certificate_request_pending', message: 'A certificate request for this course is already waiting.' } };
      },
    });
    page(<StudentCertificatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Request certificate for “Braille letters”' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'A certificate request for this course is already waiting.')).toBe(true));
    await waitFor(() => expect(document.getElementById('cert-state-11')?.textContent).toMatch(/^You requested the certificate on/));
  });

  it('is written in Arabic by default', async () => {
    act(() => applyLanguage('ar'));
    server({ 'GET /api/student/certificates': () => ({ body: { courses: courses() } }) });
    page(<StudentCertificatesPage />);
    expect(await screen.findByRole('button', { name: 'طلب الشهادة لدورة «Braille letters»' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'الشهادات' })).toBeTruthy();
    expect(screen.getAllByText('تكون الشهادة متاحة خلال 24 ساعة من الطلب.').length).toBeGreaterThan(0);
  });
});

describe('RequestQueuePage', () => {
  beforeEach(() => signIn(1, 'supervisor'));

  function queueServer(list: CertificateRequestDto[]) {
    server({
      'GET /api/supervisor/certificate-requests?status=pending': () => ({ body: { requests: list } }),
      'POST /api/certificate-requests/*': (body, url) => {
        const id = Number(/certificate-requests\/(\d+)/.exec(url)![1]);
        if (url.endsWith('/approve')) return { body: { message: 'Certificate issued', certificate: cert(`C${id}`) } };
        return { body: { message: 'Request rejected', request: req(id, { status: 'rejected', reason: (body as { reason: string }).reason }) } };
      },
    });
  }

  it('lists waiting requests; new ones arrive live and are announced; ones decided elsewhere leave', async () => {
    queueServer([req(1)]);
    page(<RequestQueuePage />);
    const table = await screen.findByRole('table', { name: 'Certificate requests waiting for a decision' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Student', 'Course', 'Requested', 'Result', 'Decision']);
    expect(within(table).getByRole('rowheader', { name: 'Student 1' })).toBeTruthy();
    expect(within(table).getByText('91% (Excellent)')).toBeTruthy();
    expect(screen.getByText('1 request waiting.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Waiting' }).getAttribute('aria-current')).toBe('page');

    live(600, 'certificate_request.created', { request: req(2) });
    expect(within(table).getByRole('rowheader', { name: 'Student 2' })).toBeTruthy();
    expect(statusTexts()).toContain('New certificate request: Student 2, “Course 2”.');
    expect(screen.getByText('2 requests waiting.')).toBeTruthy();

    live(601, 'certificate_request.decided', { request: req(1, { status: 'approved' }), certificate: cert('C1') });
    expect(within(table).queryByRole('rowheader', { name: 'Student 1' })).toBeNull();
    expect(statusTexts()).toContain('Another supervisor decided the request of Student 1 for “Course 1”.');
  });

  it('approves: the row leaves and focus moves to the next request’s first button', async () => {
    const user = userEvent.setup();
    queueServer([req(1), req(2)]);
    page(<RequestQueuePage />);
    const approve = await screen.findByRole('button', { name: 'Approve the certificate of Student 1 for “Course 1”' });
    await user.click(approve);
    await waitFor(() => expect(statusTexts()).toContain('Certificate issued: Student 1, “Course 1”.'));
    expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/certificate-requests/1/approve');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve the certificate of Student 2 for “Course 2”' })));
    // My own decision's live echo is not announced as someone else's.
    live(610, 'certificate_request.decided', { request: req(1, { status: 'approved' }), certificate: cert('C1') });
    expect(statusTexts().join(' ')).not.toContain('Another supervisor');
  });

  it('approves when the live echo of the decision arrives before the answer: focus still moves to the next request', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/supervisor/certificate-requests?status=pending': () => ({ body: { requests: [req(1), req(2)] } }),
      'POST /api/certificate-requests/1/approve': () => {
        // The server's event reaches the page before its answer does.
        publishLive({ id: 640, kind: 'certificate_request.decided', payload: { request: req(1, { status: 'approved' }), certificate: cert('C1') }, created_at: '' });
        return { body: { message: 'Certificate issued', certificate: cert('C1') } };
      },
    });
    page(<RequestQueuePage />);
    const approve = await screen.findByRole('button', { name: 'Approve the certificate of Student 1 for “Course 1”' });
    await user.click(approve);
    await waitFor(() => expect(statusTexts()).toContain('Certificate issued: Student 1, “Course 1”.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve the certificate of Student 2 for “Course 2”' })));
    expect(statusTexts().join(' ')).not.toContain('Another supervisor');
  });

  it('rejects through a dialog that needs a reason; the empty reason is refused on the field', async () => {
    const user = userEvent.setup();
    queueServer([req(1)]);
    page(<RequestQueuePage />);
    await user.click(await screen.findByRole('button', { name: 'Reject the certificate request of Student 1 for “Course 1”' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.querySelector('h2')?.textContent)).toBe('Reject the certificate request of Student 1 for “Course 1”?');
    const reason = within(dialog).getByLabelText(/^Reason for rejecting/);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await user.click(within(dialog).getByRole('button', { name: 'Send the rejection' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    const described = reason.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['The student will see this reason.', 'This field is required']);
    expect(document.activeElement).toBe(reason);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(reason, 'The final assessment was not passed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the rejection' }));
    await waitFor(() => expect(statusTexts()).toContain('Request rejected: Student 1, “Course 1”.'));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/certificate-requests/1/reject', body: { reason: 'The final assessment was not passed.' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('No certificate requests are waiting.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('cq-summary'));
  });

  it("a rejection the server refuses stays in the dialog with the server's message; the row and the dialog stay", async () => {
    const user = userEvent.setup();
    server({
      'GET /api/supervisor/certificate-requests?status=pending': () => ({ body: { requests: [req(1)] } }),
      'POST /api/certificate-requests/1/reject': () => ({ status: 500, body: { code: 'internal', message: 'The decision could not be saved' } }),
    });
    page(<RequestQueuePage />);
    await user.click(await screen.findByRole('button', { name: 'Reject the certificate request of Student 1 for “Course 1”' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason for rejecting/), 'Not passed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the rejection' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('The decision could not be saved'));
    expect(within(dialog).getByRole('button', { name: 'Send the rejection' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Student 1' })).toBeTruthy();
  });

  it('an approval refused because another supervisor decided first: the message is shown and the row leaves', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/supervisor/certificate-requests?status=pending': () => ({ body: { requests: [req(1), req(2)] } }),
      'POST /api/certificate-requests/1/approve': () => ({ status: 409, body: { code: 'already_decided', message: 'This request was already decided' } }),
    });
    page(<RequestQueuePage />);
    await user.click(await screen.findByRole('button', { name: 'Approve the certificate of Student 1 for “Course 1”' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('This request was already decided'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Student 1' })).toBeNull());
    const next = screen.getByRole('button', { name: 'Approve the certificate of Student 2 for “Course 2”' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(next.getAttribute('aria-disabled')).toBeNull();
  });

  it('lists decided requests on the other tabs and tells how many there are', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/supervisor/certificate-requests?status=pending': () => ({ body: { requests: [] } }),
      'GET /api/supervisor/certificate-requests?status=approved': () => ({
        body: { requests: [req(4, { status: 'approved', decided_at: '2026-11-09T10:00:00Z', certificate_code: 'AB12-CD34-EF56-GH78' })] },
      }),
    });
    page(<RequestQueuePage />, '/supervisor/certificate', '/supervisor/certificate');
    expect(await screen.findByText('No certificate requests are waiting.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Approved' }));
    await waitFor(() => expect(statusTexts()).toContain('1 request.'));
    const table = screen.getByRole('table', { name: 'Approved certificate requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Student', 'Course', 'Requested', 'Decided', 'Result', 'Certificate']);
    expect(within(table).getByRole('link', { name: 'View certificate AB12-CD34-EF56-GH78' }).getAttribute('href')).toBe('/supervisor/issued-certificates/AB12-CD34-EF56-GH78');
    expect(screen.getByRole('link', { name: 'Approved' }).getAttribute('aria-current')).toBe('page');
  });

  it('a request decided elsewhere while its dialog is open: the dialog closes with the row, focus goes to the next request', async () => {
    const user = userEvent.setup();
    queueServer([req(1), req(2)]);
    page(<RequestQueuePage />);
    await user.click(await screen.findByRole('button', { name: 'Reject the certificate request of Student 1 for “Course 1”' }));
    await screen.findByRole('dialog');
    live(620, 'certificate_request.decided', { request: req(1, { status: 'approved' }), certificate: cert('C1') });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('rowheader', { name: 'Student 1' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve the certificate of Student 2 for “Course 2”' })));
    expect(statusTexts()).toContain('Another supervisor decided the request of Student 1 for “Course 1”.');
  });

  it('Escape closes the dialog and focus returns to the Reject button', async () => {
    const user = userEvent.setup();
    queueServer([req(1)]);
    page(<RequestQueuePage />);
    const open = await screen.findByRole('button', { name: 'Reject the certificate request of Student 1 for “Course 1”' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});

describe('IssuedCertificatesPage', () => {
  beforeEach(() => signIn(1, 'supervisor'));

  it('searches (Enter submits), lists results in a captioned table and revokes with a reason', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/supervisor/issued-certificates': () => ({ body: { certificates: [cert('AA1'), cert('BB2', { student_name: 'Omar' })] } }),
      'GET /api/supervisor/issued-certificates?q=Sara': () => ({ body: { certificates: [cert('AA1')] } }),
      'POST /api/certificates/AA1/revoke': (body) => ({
        body: { certificate: cert('AA1', { status: 'revoked', revoked_at: '2026-11-09T10:00:00Z', revoke_reason: (body as { reason: string }).reason }) },
      }),
    });
    page(<IssuedCertificatesPage />);
    expect(await screen.findByRole('table', { name: 'Issued certificates' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Find certificates' })).toBeTruthy();
    const box = screen.getByLabelText(/^Student name, course or certificate code/);
    await user.type(box, 'Sara{Enter}');
    await waitFor(() => expect(statusTexts()).toContain('1 certificate found.'));
    const table = screen.getByRole('table');
    expect(screen.getByRole('table', { name: 'Certificates matching “Sara”' })).toBe(table);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Student', 'Course', 'Issued', 'Grade', 'Status', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'AA1' })).toBeTruthy();
    expect(within(table).getByText('Very good (78.5%)')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'View certificate AA1' }).getAttribute('href')).toBe('/supervisor/issued-certificates/AA1');

    await user.click(within(table).getByRole('button', { name: 'Revoke certificate AA1 of Sara Ali' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('The certificate of Sara Ali for “Braille letters” will no longer be valid');
    await user.type(within(dialog).getByLabelText(/^Reason for revoking/), 'Issued in error');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the certificate' }));
    await waitFor(() => expect(statusTexts()).toContain('Certificate AA1 was revoked.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Issued in error' });
    expect(within(table).getByText('Revoked')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Revoke certificate AA1/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByRole('link', { name: 'View certificate AA1' })));
  });
});

describe('IssuedCertificatesPage refusals', () => {
  beforeEach(() => signIn(1, 'supervisor'));

  it('a revocation that fails says why in the dialog; one already made elsewhere shows the certificate revoked', async () => {
    const user = userEvent.setup();
    let revoked = false;
    let reply: { status: number; body: unknown } = { status: 500, body: { code: 'internal', message: 'The revocation could not be saved' } };
    server({
      'GET /api/supervisor/issued-certificates': () => ({ body: { certificates: [cert('AA1', revoked ? { status: 'revoked', revoked_at: '2026-11-09T10:00:00Z' } : {})] } }),
      'POST /api/certificates/AA1/revoke': () => reply,
    });
    page(<IssuedCertificatesPage />);
    const table = await screen.findByRole('table', { name: 'Issued certificates' });
    await user.click(within(table).getByRole('button', { name: 'Revoke certificate AA1 of Sara Ali' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason for revoking/), 'Issued in error');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the certificate' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('The revocation could not be saved'));
    expect(within(table).getByText('Valid')).toBeTruthy();

    revoked = true;
    reply = { status: 409, body: { code: 'already_revoked', message: 'This certificate was already revoked' } };
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the certificate' }));
    await waitFor(() => expect(statusTexts()).toContain('This certificate was already revoked'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(table).findByText('Revoked')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByRole('link', { name: 'View certificate AA1' })));
  });
});

describe('CertificatePage refusals', () => {
  beforeEach(() => signIn(7, 'student'));

  it('a PDF that cannot be fetched says why, and the button works again', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/certificates/AB12': () => ({ body: cert('AB12') }),
      'GET /api/certificates/AB12/pdf': () => ({ status: 503, body: { code: 'unavailable', message: 'The PDF cannot be made now' } }),
    });
    page(<CertificatePage area="student" />, '/student/certificates/:code', '/student/certificates/AB12');
    const download = await screen.findByRole('button', { name: 'Download PDF' });
    await user.click(download);
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('The PDF cannot be made now'));
    expect(screen.getByRole('button', { name: 'Download PDF' }).getAttribute('aria-disabled')).toBeNull();
    expect(statusTexts().join(' ')).not.toContain('Download started');
  });
});

describe('IssuedCertificatesPage live', () => {
  beforeEach(() => signIn(1, 'supervisor'));

  it('a certificate issued by another supervisor joins the list', async () => {
    let issued = [cert('AA1')];
    server({ 'GET /api/supervisor/issued-certificates': () => ({ body: { certificates: issued } }) });
    page(<IssuedCertificatesPage />);
    const table = await screen.findByRole('table', { name: 'Issued certificates' });
    expect(within(table).queryByRole('rowheader', { name: 'BB2' })).toBeNull();
    issued = [cert('BB2', { student_name: 'Omar' }), cert('AA1')];
    live(630, 'certificate_request.decided', { request: req(3, { status: 'approved', certificate_code: 'BB2' }), certificate: cert('BB2', { student_name: 'Omar' }) });
    expect(await within(table).findByRole('rowheader', { name: 'BB2' })).toBeTruthy();
  });
});

describe('CertificatePage', () => {
  beforeEach(() => signIn(7, 'student'));

  it('shows every field, the QR image and the verification link, and downloads the PDF', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/certificates/AB12': () => ({ body: cert('AB12') }),
      'GET /api/certificates/AB12/pdf': () => ({ raw: '%PDF-1.7', type: 'application/pdf' }),
    });
    const created: Blob[] = [];
    const clicked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:cert'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    page(<CertificatePage area="student" />, '/student/certificates/:code', '/student/certificates/AB12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate: Braille letters' })).toBeTruthy();
    const terms = Array.from(document.querySelectorAll('.cert-facts dt')).map((d) => d.textContent);
    expect(terms).toEqual(['Student name', 'Course', 'Date of issue', 'Duration', 'Grade', 'Percentage', 'Certificate code']);
    const values = Array.from(document.querySelectorAll('.cert-facts dd')).map((d) => d.textContent);
    expect(values).toEqual(['Sara Ali', 'Braille letters', 'November 5, 2026', '30 days', 'Very good', '78.5%', 'AB12']);
    const qr = screen.getByRole('img', { name: 'QR code that opens the verification page of certificate AB12' });
    expect(qr.getAttribute('src')).toBe('/api/certificates/verify/AB12/qr.svg');
    expect(screen.getByRole('link', { name: 'http://lamsa.test/certificates/verify/AB12' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to certificates' }).getAttribute('href')).toBe('/student/certificates');

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(statusTexts()).toContain('Download started: lamsa-certificate-AB12.pdf'));
    expect(clicked).toEqual(['blob:cert lamsa-certificate-AB12.pdf']);
    expect(await created[0].text()).toBe('%PDF-1.7');
    click.mockRestore();
  });

  it('says so when the certificate does not exist or is not the reader’s', async () => {
    server({});
    page(<CertificatePage area="supervisor" />, '/supervisor/issued-certificates/:code', '/supervisor/issued-certificates/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to issued certificates' })).toBeTruthy();
  });
});

describe('VerifyPage', () => {
  const verified = (extra = {}) => ({
    code: 'AB12',
    status: 'valid',
    student_name: 'Sara Ali',
    course_title: 'Braille letters',
    issued_at: '2026-11-05T09:30:00Z',
    duration_days: 30,
    grade: 'excellent',
    percent: 92,
    revoked_at: null,
    ...extra,
  });

  it('says a valid certificate is genuine and what it certifies, in a status region', async () => {
    server({
      'GET /api/certificates/verify/AB12': () => ({ body: verified() }),
      'GET /api/site': () => ({ body: { society_name_ar: 'جمعية نور', society_name_en: 'Nur Society', logos: [] } }),
    });
    page(<VerifyPage />, '/certificates/verify/:code', '/certificates/verify/AB12');
    await waitFor(() => expect(statusTexts()).toContain('✓Genuine certificate: this certificate is genuine and valid.'));
    // The issuing society, from the site settings (issue 23).
    await waitFor(() => expect(document.querySelector('.cert-issuer')?.textContent).toBe('Issued by \u2068Nur Society\u2069.'));
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What it certifies' })).toBeTruthy();
    const values = Array.from(document.querySelectorAll('.cert-facts dd')).map((d) => d.textContent);
    expect(values).toEqual(['Sara Ali', 'Braille letters', 'November 5, 2026', '30 days', 'Excellent', '92%', 'AB12']);
  });

  it('says a revoked certificate is revoked, and an unknown code not found (in Arabic too)', async () => {
    server({
      'GET /api/certificates/verify/RV1': () => ({ body: verified({ code: 'RV1', status: 'revoked', revoked_at: '2026-11-08T10:00:00Z' }) }),
    });
    const first = page(<VerifyPage />, '/certificates/verify/:code', '/certificates/verify/RV1');
    await waitFor(() => expect(statusTexts().join(' ')).toContain('Revoked certificate: this certificate was revoked on November 8, 2026 and is no longer valid.'));
    first.unmount();

    page(<VerifyPage />, '/certificates/verify/:code', '/certificates/verify/ZZ9');
    await waitFor(() => expect(statusTexts().join(' ')).toContain('Certificate not found: no certificate has the code ZZ9.'));
    expect(document.querySelector('.cert-facts')).toBeNull();
    cleanup();

    act(() => applyLanguage('ar'));
    page(<VerifyPage />, '/certificates/verify/:code', '/certificates/verify/ZZ9');
    await waitFor(() => expect(statusTexts().join(' ')).toContain('الشهادة غير موجودة: لا توجد شهادة بالرمز ZZ9.'));
  });

  it('checks another code from the form; an empty code is refused on the field', async () => {
    const user = userEvent.setup();
    server({ 'GET /api/certificates/verify/AB12': () => ({ body: verified() }) });
    page(<VerifyPage />, '/certificates/verify/:code?', '/certificates/verify');
    const box = screen.getByLabelText(/^Certificate code/);
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.type(box, ' AB12 {Enter}');
    await waitFor(() => expect(statusTexts()).toContain('✓Genuine certificate: this certificate is genuine and valid.'));
  });
});
