/**
 * Texts of the certificates feature, in English and Arabic. Spec wording is used where given
 * ("certificate request sent", "available within 24 hours", the grade bands of §9). Names and
 * course titles inside sentences are wrapped in Unicode isolates by the caller's `<bdi>` or by
 * `isolate()`, so mixed Arabic/English text keeps its order.
 */
import { useTranslation } from 'react-i18next';

/** Wraps a name or title in FSI … PDI so it keeps its own direction inside a sentence. */
export function isolate(s: string): string {
  return s ? `\u2068${s}\u2069` : s;
}

const en = {
  common: {
    loading: 'Loading…',
    loadError: 'Unable to access data',
    sendError: 'There was a problem sending your data',
    required: 'This field is required',
    cancel: 'Cancel',
    close: 'Close',
    days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
    quoted: (t: string) => `“${isolate(t)}”`,
  },
  grades: {
    excellent: 'Excellent',
    very_good: 'Very good',
    good: 'Good',
    average: 'Average',
    poor: 'Poor',
  } as Record<string, string>,
  progress: {
    not_started: 'Not started',
    in_progress: 'In progress',
    completed: 'Completed',
    not_finished: 'Not finished',
  } as Record<string, string>,
  certStatus: { valid: 'Valid', revoked: 'Revoked' } as Record<string, string>,
  fields: {
    student: 'Student name',
    course: 'Course',
    issued: 'Date of issue',
    duration: 'Duration',
    grade: 'Grade',
    percent: 'Percentage',
    code: 'Certificate code',
    status: 'Status',
    revokedAt: 'Revoked on',
    revokeReason: 'Reason for revoking',
    notGraded: 'Not graded (the course has no assessments)',
  },
  student: {
    title: 'Certificates',
    intro: 'Your courses and their certificates. When you complete a course you can request its certificate; it is available within 24 hours of your request.',
    none: 'You are not enrolled in any course yet.',
    discover: 'Discover courses',
    courseState: 'Course status',
    result: 'Result',
    notCompleted: 'Complete the course to request its certificate.',
    request: 'Request certificate',
    requestFor: (t: string) => `for “${t}”`,
    help: 'The certificate is available within 24 hours of your request.',
    sent: 'Certificate request sent',
    pending: (date: string) => `You requested the certificate on ${date}. A supervisor will decide soon; the certificate is available within 24 hours of your request.`,
    rejected: (date: string) => `Your certificate request was rejected on ${date}.`,
    reason: 'Reason',
    requestAgain: 'Request the certificate again',
    issued: (date: string) => `Certificate issued on ${date}.`,
    revoked: (date: string) => `This certificate was revoked on ${date}.`,
    view: 'View the certificate',
    liveIssued: (t: string) => `Your certificate for “${isolate(t)}” has been issued.`,
    liveRejected: (t: string) => `Your certificate request for “${isolate(t)}” was rejected.`,
    liveRevoked: (t: string) => `Your certificate for “${isolate(t)}” was revoked.`,
  },
  view: {
    title: (t: string) => `Certificate: ${t}`,
    loadingTitle: 'Certificate',
    notFoundTitle: 'Certificate not found',
    notFound: 'This certificate was not found or is not available to you.',
    details: 'Certificate details',
    certifies: (name: string, course: string) => `This certifies that ${isolate(name)} completed the course “${isolate(course)}”.`,
    revokedNotice: (date: string) => `This certificate was revoked on ${date} and is no longer valid.`,
    verification: 'Verification',
    verifyText: 'Anyone can check this certificate by scanning the QR code or by opening the verification link.',
    qrAlt: (code: string) => `QR code that opens the verification page of certificate ${code}`,
    verifyLink: 'Verification link',
    pdf: 'PDF copy',
    pdfText: 'A printable PDF copy with the same details and QR code.',
    download: 'Download PDF',
    downloading: 'Preparing the PDF…',
    downloadStarted: (file: string) => `Download started: ${file}`,
    back: { student: 'Back to certificates', supervisor: 'Back to issued certificates' } as Record<string, string>,
  },
  queue: {
    title: 'Certificate requests',
    intro: 'Students who completed a course and asked for its certificate. Approving issues the certificate at once; rejecting needs a reason, which the student sees. The list updates by itself when requests arrive or another supervisor decides one.',
    show: 'Show requests',
    tabs: { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as Record<string, string>,
    empty: {
      pending: 'No certificate requests are waiting.',
      approved: 'No approved certificate requests yet.',
      rejected: 'No rejected certificate requests.',
    } as Record<string, string>,
    caption: {
      pending: 'Certificate requests waiting for a decision',
      approved: 'Approved certificate requests',
      rejected: 'Rejected certificate requests',
    } as Record<string, string>,
    waiting: (n: number) => (n === 1 ? '1 request waiting.' : `${n} requests waiting.`),
    count: (n: number) => (n === 1 ? '1 request.' : `${n} requests.`),
    student: 'Student',
    course: 'Course',
    requested: 'Requested',
    decided: 'Decided',
    result: 'Result',
    reason: 'Reason',
    certificate: 'Certificate',
    actions: 'Decision',
    approve: 'Approve',
    approveLabel: (s: string, t: string) => `Approve the certificate of ${s} for “${t}”`,
    reject: 'Reject',
    rejectLabel: (s: string, t: string) => `Reject the certificate request of ${s} for “${t}”`,
    dialogTitle: (s: string, t: string) => `Reject the certificate request of ${isolate(s)} for “${isolate(t)}”?`,
    reasonLabel: 'Reason for rejecting',
    reasonHint: 'The student will see this reason.',
    sendReject: 'Send the rejection',
    approvedFallback: 'Certificate issued',
    rejectedFallback: 'Request rejected',
    done: (message: string, s: string, t: string) => `${message}: ${isolate(s)}, “${isolate(t)}”.`,
    arrived: (s: string, t: string) => `New certificate request: ${isolate(s)}, “${isolate(t)}”.`,
    decidedElsewhere: (s: string, t: string) => `Another supervisor decided the request of ${isolate(s)} for “${isolate(t)}”.`,
    gone: 'This request is no longer waiting; another supervisor may have decided it.',
    viewCert: (code: string) => `View certificate ${code}`,
  },
  issued: {
    title: 'Issued certificates',
    intro: 'Certificates issued to students. Search by student name, course title or certificate code, open a certificate, or revoke one issued in error: its verification page then says it was revoked.',
    searchHeading: 'Find certificates',
    searchLabel: 'Student name, course or certificate code',
    searchHint: 'Leave it empty to list every certificate. Press Enter or the Search button.',
    search: 'Search',
    searching: 'Searching…',
    found: (n: number) => (n === 0 ? 'No certificates match your search.' : n === 1 ? '1 certificate found.' : `${n} certificates found.`),
    noneYet: 'No certificates have been issued yet.',
    caption: 'Issued certificates',
    /** Around the search words (shown in a <bdi>): Certificates matching “…”. */
    captionMatching: ['Certificates matching “', '”'] as [string, string],
    code: 'Code',
    student: 'Student',
    course: 'Course',
    issuedAt: 'Issued',
    grade: 'Grade',
    status: 'Status',
    actions: 'Actions',
    view: 'View',
    viewLabel: (code: string) => `View certificate ${code}`,
    revoke: 'Revoke',
    revokeLabel: (code: string, s: string) => `Revoke certificate ${code} of ${s}`,
    dialogTitle: (code: string) => `Revoke certificate ${code}?`,
    dialogBody: (s: string, t: string) =>
      `The certificate of ${isolate(s)} for “${isolate(t)}” will no longer be valid, and its verification page will say it was revoked. This cannot be undone.`,
    reasonLabel: 'Reason for revoking',
    reasonHint: 'The student will see this reason.',
    confirm: 'Revoke the certificate',
    revoked: (code: string) => `Certificate ${code} was revoked.`,
  },
  verify: {
    title: 'Certificate verification',
    intro: 'Checks a completion certificate issued on Lamsa, by its code.',
    checking: 'Checking the certificate…',
    valid: 'Genuine certificate: this certificate is genuine and valid.',
    revoked: (date: string) => `Revoked certificate: this certificate was revoked on ${date} and is no longer valid.`,
    notFound: (code: string) => `Certificate not found: no certificate has the code ${code}. Check the code and try again.`,
    certifies: 'What it certifies',
    formHeading: 'Check a certificate code',
    codeLabel: 'Certificate code',
    codeHint: 'The code is printed on the certificate, under the QR code.',
    submit: 'Verify',
  },
};

export type CertTexts = typeof en;

const ar: CertTexts = {
  common: {
    loading: 'جارٍ التحميل…',
    loadError: 'تعذّر الوصول إلى البيانات',
    sendError: 'حدثت مشكلة أثناء إرسال بياناتك',
    required: 'هذا الحقل مطلوب',
    cancel: 'إلغاء',
    close: 'إغلاق',
    days: (n: number) => (n === 1 ? 'يوم واحد' : n === 2 ? 'يومان' : n <= 10 ? `${n} أيام` : `${n} يومًا`),
    quoted: (t: string) => `«${isolate(t)}»`,
  },
  grades: {
    excellent: 'ممتاز',
    very_good: 'جيد جدًا',
    good: 'جيد',
    average: 'مقبول',
    poor: 'ضعيف',
  },
  progress: {
    not_started: 'لم يبدأ',
    in_progress: 'قيد التقدّم',
    completed: 'مكتمل',
    not_finished: 'لم يكتمل',
  },
  certStatus: { valid: 'سارية', revoked: 'مُبطَلة' },
  fields: {
    student: 'اسم المتدرّب',
    course: 'الدورة',
    issued: 'تاريخ الإصدار',
    duration: 'المدة',
    grade: 'التقدير',
    percent: 'النسبة المئوية',
    code: 'رمز الشهادة',
    status: 'الحالة',
    revokedAt: 'تاريخ الإبطال',
    revokeReason: 'سبب الإبطال',
    notGraded: 'بلا تقدير (الدورة بلا اختبارات)',
  },
  student: {
    title: 'الشهادات',
    intro: 'دوراتك وشهاداتها. عندما تُتمّ دورة يمكنك طلب شهادتها، وتكون متاحة خلال 24 ساعة من الطلب.',
    none: 'لم تسجّل في أي دورة بعد.',
    discover: 'اكتشف الدورات',
    courseState: 'حالة الدورة',
    result: 'النتيجة',
    notCompleted: 'أتمّ الدورة لتتمكّن من طلب شهادتها.',
    request: 'طلب الشهادة',
    requestFor: (t: string) => `لدورة «${t}»`,
    help: 'تكون الشهادة متاحة خلال 24 ساعة من الطلب.',
    sent: 'تم إرسال طلب الشهادة',
    pending: (date: string) => `طلبت الشهادة في ${date}. سيقرّر أحد المشرفين قريبًا، وتكون الشهادة متاحة خلال 24 ساعة من الطلب.`,
    rejected: (date: string) => `رُفض طلب الشهادة في ${date}.`,
    reason: 'السبب',
    requestAgain: 'طلب الشهادة مرة أخرى',
    issued: (date: string) => `صدرت الشهادة في ${date}.`,
    revoked: (date: string) => `أُبطلت هذه الشهادة في ${date}.`,
    view: 'عرض الشهادة',
    liveIssued: (t: string) => `صدرت شهادتك لدورة «${isolate(t)}».`,
    liveRejected: (t: string) => `رُفض طلب شهادتك لدورة «${isolate(t)}».`,
    liveRevoked: (t: string) => `أُبطلت شهادتك لدورة «${isolate(t)}».`,
  },
  view: {
    title: (t: string) => `الشهادة: ${t}`,
    loadingTitle: 'الشهادة',
    notFoundTitle: 'الشهادة غير موجودة',
    notFound: 'لم يُعثر على هذه الشهادة أو أنها غير متاحة لك.',
    details: 'بيانات الشهادة',
    certifies: (name: string, course: string) => `تشهد هذه الشهادة بإتمام ${isolate(name)} دورة «${isolate(course)}».`,
    revokedNotice: (date: string) => `أُبطلت هذه الشهادة في ${date} ولم تعد صالحة.`,
    verification: 'التحقق',
    verifyText: 'يمكن لأي شخص التحقق من هذه الشهادة بمسح رمز QR أو بفتح رابط التحقق.',
    qrAlt: (code: string) => `رمز QR يفتح صفحة التحقق من الشهادة ${code}`,
    verifyLink: 'رابط التحقق',
    pdf: 'نسخة PDF',
    pdfText: 'نسخة PDF قابلة للطباعة فيها البيانات نفسها ورمز QR.',
    download: 'تنزيل ملف PDF',
    downloading: 'جارٍ تجهيز ملف PDF…',
    downloadStarted: (file: string) => `بدأ التنزيل: ${file}`,
    back: { student: 'العودة إلى الشهادات', supervisor: 'العودة إلى الشهادات الصادرة' },
  },
  queue: {
    title: 'طلبات الشهادات',
    intro: 'متدرّبون أتمّوا دورة وطلبوا شهادتها. الموافقة تُصدر الشهادة فورًا، والرفض يحتاج إلى سبب يراه المتدرّب. تتحدّث القائمة تلقائيًا عند وصول طلب أو عندما يقرّر مشرف آخر.',
    show: 'عرض الطلبات',
    tabs: { pending: 'في الانتظار', approved: 'الموافَق عليها', rejected: 'المرفوضة' },
    empty: {
      pending: 'لا توجد طلبات شهادات في الانتظار.',
      approved: 'لا توجد طلبات شهادات موافَق عليها بعد.',
      rejected: 'لا توجد طلبات شهادات مرفوضة.',
    },
    caption: {
      pending: 'طلبات الشهادات التي تنتظر القرار',
      approved: 'طلبات الشهادات الموافَق عليها',
      rejected: 'طلبات الشهادات المرفوضة',
    },
    waiting: (n: number) => (n === 1 ? 'طلب واحد في الانتظار.' : n === 2 ? 'طلبان في الانتظار.' : n <= 10 ? `${n} طلبات في الانتظار.` : `${n} طلبًا في الانتظار.`),
    count: (n: number) => (n === 1 ? 'طلب واحد.' : n === 2 ? 'طلبان.' : n <= 10 ? `${n} طلبات.` : `${n} طلبًا.`),
    student: 'المتدرّب',
    course: 'الدورة',
    requested: 'تاريخ الطلب',
    decided: 'تاريخ القرار',
    result: 'النتيجة',
    reason: 'السبب',
    certificate: 'الشهادة',
    actions: 'القرار',
    approve: 'موافقة',
    approveLabel: (s: string, t: string) => `موافقة على شهادة ${s} لدورة «${t}»`,
    reject: 'رفض',
    rejectLabel: (s: string, t: string) => `رفض طلب شهادة ${s} لدورة «${t}»`,
    dialogTitle: (s: string, t: string) => `رفض طلب شهادة ${isolate(s)} لدورة «${isolate(t)}»؟`,
    reasonLabel: 'سبب الرفض',
    reasonHint: 'سيرى المتدرّب هذا السبب.',
    sendReject: 'إرسال الرفض',
    approvedFallback: 'صدرت الشهادة',
    rejectedFallback: 'رُفض الطلب',
    done: (message: string, s: string, t: string) => `${message}: ${isolate(s)}، «${isolate(t)}».`,
    arrived: (s: string, t: string) => `طلب شهادة جديد: ${isolate(s)}، «${isolate(t)}».`,
    decidedElsewhere: (s: string, t: string) => `قرّر مشرف آخر في طلب ${isolate(s)} لدورة «${isolate(t)}».`,
    gone: 'لم يعد هذا الطلب في الانتظار؛ ربما قرّر فيه مشرف آخر.',
    viewCert: (code: string) => `عرض الشهادة ${code}`,
  },
  issued: {
    title: 'الشهادات الصادرة',
    intro: 'الشهادات الصادرة للمتدرّبين. ابحث باسم المتدرّب أو عنوان الدورة أو رمز الشهادة، وافتح الشهادة، أو أبطل شهادة صدرت خطأً، فتذكر صفحة التحقق منها أنها أُبطلت.',
    searchHeading: 'البحث عن الشهادات',
    searchLabel: 'اسم المتدرّب أو الدورة أو رمز الشهادة',
    searchHint: 'اتركه فارغًا لعرض جميع الشهادات. اضغط Enter أو زر البحث.',
    search: 'بحث',
    searching: 'جارٍ البحث…',
    found: (n: number) =>
      n === 0 ? 'لا توجد شهادات تطابق بحثك.' : n === 1 ? 'وُجدت شهادة واحدة.' : n === 2 ? 'وُجدت شهادتان.' : n <= 10 ? `وُجدت ${n} شهادات.` : `وُجدت ${n} شهادة.`,
    noneYet: 'لم تصدر أي شهادة بعد.',
    caption: 'الشهادات الصادرة',
    captionMatching: ['الشهادات المطابقة لـ«', '»'],
    code: 'الرمز',
    student: 'المتدرّب',
    course: 'الدورة',
    issuedAt: 'تاريخ الإصدار',
    grade: 'التقدير',
    status: 'الحالة',
    actions: 'الإجراءات',
    view: 'عرض',
    viewLabel: (code: string) => `عرض الشهادة ${code}`,
    revoke: 'إبطال',
    revokeLabel: (code: string, s: string) => `إبطال الشهادة ${code} الخاصة بـ${s}`,
    dialogTitle: (code: string) => `إبطال الشهادة ${code}؟`,
    dialogBody: (s: string, t: string) =>
      `لن تعود شهادة ${isolate(s)} لدورة «${isolate(t)}» صالحة، وستذكر صفحة التحقق منها أنها أُبطلت. لا يمكن التراجع عن ذلك.`,
    reasonLabel: 'سبب الإبطال',
    reasonHint: 'سيرى المتدرّب هذا السبب.',
    confirm: 'إبطال الشهادة',
    revoked: (code: string) => `أُبطلت الشهادة ${code}.`,
  },
  verify: {
    title: 'التحقق من الشهادة',
    intro: 'التحقق من شهادة إتمام صادرة عن منصة لمسة، برمزها.',
    checking: 'جارٍ التحقق من الشهادة…',
    valid: 'شهادة صحيحة: هذه الشهادة أصلية وسارية.',
    revoked: (date: string) => `شهادة مُبطَلة: أُبطلت هذه الشهادة في ${date} ولم تعد صالحة.`,
    notFound: (code: string) => `الشهادة غير موجودة: لا توجد شهادة بالرمز ${code}. تحقّق من الرمز وحاول مرة أخرى.`,
    certifies: 'ما تشهد به',
    formHeading: 'التحقق من رمز شهادة',
    codeLabel: 'رمز الشهادة',
    codeHint: 'الرمز مطبوع على الشهادة تحت رمز QR.',
    submit: 'تحقّق',
  },
};

export function certTexts(lang: string): CertTexts {
  return lang === 'en' ? en : ar;
}

export function useCertTexts(): CertTexts {
  const { i18n } = useTranslation();
  return certTexts(i18n.language);
}

const locale = (lang: string) => (lang === 'en' ? 'en' : 'ar');

/** The grade band's name; an unknown key as it is. */
export function gradeLabel(txt: CertTexts, grade: string | null | undefined): string {
  return grade ? (txt.grades[grade] ?? grade) : '';
}

/** "85.5%" in the interface language. */
export function formatPercent(n: number | null | undefined, lang: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
}

/** A certificate's date: "12 March 2026". */
export function formatDay(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long' }).format(d);
}

/** A request's moment: "12 Mar 2026, 10:04". */
export function formatMoment(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
