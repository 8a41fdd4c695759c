/** Texts of the dashboard area (menu labels, landing cards, figures). */
import { useTranslation } from 'react-i18next';

const en = {
  labels: {
    dashboard: 'Dashboard',
    profile: 'Profile',
    discoverCourses: 'Discover courses',
    myCourses: 'My courses',
    translator: 'Braille translator',
    certificates: 'Certificates',
    notes: 'Supervisor notes',
    questions: 'My questions',
    settings: 'Settings',
    help: 'Help',
    trackStudents: 'Track students',
    instructorCourses: 'My courses',
    assessments: 'Assessments',
    createCourse: 'Create a course',
    createAssessment: 'Create an assessment',
    archive: 'Archive',
    studentsQuestions: "Students' questions",
    accreditation: 'Accreditation requests',
    stop: 'Stop-course requests',
    certificateRequests: 'Certificate requests',
    issuedCertificates: 'Issued certificates',
    contactInstructor: 'Contact instructors',
    contactStudent: 'Contact students',
    adminPanel: 'Admin panel',
  } as Record<string, string>,
  landing: {
    student: 'Student dashboard',
    instructor: 'Instructor dashboard',
    supervisor: 'Supervisor dashboard',
    welcome: 'Welcome, {name}',
    intro: {
      student: 'From here you can find courses, practise Braille and follow your progress. Use the dashboard menu to move between areas.',
      instructor: 'From here you will build Braille courses and assessments, follow your students and answer their questions.',
      supervisor: 'From here you review accreditation, stop-course and certificate requests and stay in touch with instructors and students.',
    } as Record<string, string>,
    areas: 'Where to go',
  },
  cards: {
    student: [
      ['/student/discover-courses', 'Find a Braille course that suits your level.'],
      ['/student/courses', 'Continue the courses you are enrolled in.'],
      ['/student/certificates', 'Request a certificate after finishing a course.'],
      ['/student/help', 'Learn how to use Lamsa with a screen reader and the six-key Braille keyboard.'],
    ],
    instructor: [
      ['/instructor/courses/create', 'Start a new course with chapters and lessons.'],
      ['/instructor/track-students', "Follow your students' progress."],
      ['/instructor/students-questions', "Answer your students' questions."],
      ['/instructor/profile', 'Keep your profile up to date.'],
    ],
    supervisor: [
      ['/supervisor/accreditation', 'Review new courses waiting for accreditation.'],
      ['/supervisor/certificate', 'Approve or reject certificate requests.'],
      ['/supervisor/stop', 'Decide on requests to stop a course.'],
      ['/supervisor/contact/student', 'Send notes to students and instructors.'],
    ],
  } as Record<string, string[][]>,
  counts: {
    title: 'At a glance',
    loading: 'Loading…',
    failed: 'Unable to access data',
    labels: {
      pendingAccreditation: 'Accreditation requests waiting',
      pendingStop: 'Stop-course requests waiting',
      pendingCertificates: 'Certificate requests waiting',
      activeCourses: 'Active courses',
      waitingCourses: 'Courses waiting for accreditation',
      draftCourses: 'Drafts and rejected courses',
      enrolledStudents: 'Enrolled students',
      unansweredQuestions: 'Unanswered questions',
      enrolledCourses: 'Enrolled courses',
      inProgressCourses: 'Courses in progress',
      completedCourses: 'Completed courses',
    } as Record<string, string>,
    spoken: (key: string, n: number): string => `${en.counts.labels[key]}: ${n}`,
  },
  adminTitle: 'Admin panel',
  adminBody:
    'The admin panel is available to the society’s supervisors for managing accounts and content. It is not open yet on this installation; supervisors manage requests from their dashboard for now.',
  adminBack: 'Back to the supervisor dashboard',
};

type Texts = typeof en;

const ar: Texts = {
  labels: {
    dashboard: 'لوحة التحكم',
    profile: 'الملف الشخصي',
    discoverCourses: 'اكتشف الدورات',
    myCourses: 'دوراتي',
    translator: 'مترجم برايل',
    certificates: 'الشهادات',
    notes: 'ملاحظات المشرف',
    questions: 'أسئلتي',
    settings: 'الإعدادات',
    help: 'المساعدة',
    trackStudents: 'متابعة المتدرّبين',
    instructorCourses: 'دوراتي',
    assessments: 'الاختبارات',
    createCourse: 'إنشاء دورة',
    createAssessment: 'إنشاء اختبار',
    archive: 'الأرشيف',
    studentsQuestions: 'أسئلة المتدرّبين',
    accreditation: 'طلبات الاعتماد',
    stop: 'طلبات إيقاف الدورات',
    certificateRequests: 'طلبات الشهادات',
    issuedCertificates: 'الشهادات الصادرة',
    contactInstructor: 'التواصل مع المدرّبين',
    contactStudent: 'التواصل مع المتدرّبين',
    adminPanel: 'لوحة الإدارة',
  },
  landing: {
    student: 'لوحة تحكم المتدرّب',
    instructor: 'لوحة تحكم المدرّب',
    supervisor: 'لوحة تحكم المشرف',
    welcome: 'أهلًا بك، {name}',
    intro: {
      student: 'من هنا تجد الدورات وتتدرّب على برايل وتتابع تقدّمك. استخدم قائمة لوحة التحكم للتنقل بين الأقسام.',
      instructor: 'من هنا ستُنشئ دورات برايل واختباراتها، وتتابع متدرّبيك وتجيب عن أسئلتهم.',
      supervisor: 'من هنا تراجع طلبات الاعتماد وإيقاف الدورات والشهادات، وتتواصل مع المدرّبين والمتدرّبين.',
    },
    areas: 'إلى أين تريد الذهاب',
  },
  cards: {
    student: [
      ['/student/discover-courses', 'ابحث عن دورة برايل تناسب مستواك.'],
      ['/student/courses', 'تابع الدورات التي سجّلت فيها.'],
      ['/student/certificates', 'اطلب شهادة بعد إتمام الدورة.'],
      ['/student/help', 'تعرّف على استخدام لمسة بقارئ الشاشة ولوحة مفاتيح برايل ذات المفاتيح الستة.'],
    ],
    instructor: [
      ['/instructor/courses/create', 'ابدأ دورة جديدة بفصول ودروس.'],
      ['/instructor/track-students', 'تابع تقدّم متدرّبيك.'],
      ['/instructor/students-questions', 'أجب عن أسئلة متدرّبيك.'],
      ['/instructor/profile', 'حدّث بيانات ملفك الشخصي.'],
    ],
    supervisor: [
      ['/supervisor/accreditation', 'راجع الدورات الجديدة التي تنتظر الاعتماد.'],
      ['/supervisor/certificate', 'وافق على طلبات الشهادات أو ارفضها.'],
      ['/supervisor/stop', 'قرّر في طلبات إيقاف الدورات.'],
      ['/supervisor/contact/student', 'أرسل ملاحظات إلى المتدرّبين والمدرّبين.'],
    ],
  },
  counts: {
    title: 'نظرة سريعة',
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر الوصول إلى البيانات',
    labels: {
      pendingAccreditation: 'طلبات اعتماد في الانتظار',
      pendingStop: 'طلبات إيقاف دورات في الانتظار',
      pendingCertificates: 'طلبات شهادات في الانتظار',
      activeCourses: 'الدورات النشطة',
      waitingCourses: 'دورات تنتظر الاعتماد',
      draftCourses: 'المسودات والدورات المرفوضة',
      enrolledStudents: 'المتدرّبون المسجّلون',
      unansweredQuestions: 'أسئلة لم يُجَب عنها',
      enrolledCourses: 'الدورات المسجّل فيها',
      inProgressCourses: 'دورات قيد التقدّم',
      completedCourses: 'الدورات المكتملة',
    },
    spoken: (key: string, n: number): string => `${ar.counts.labels[key]}: ${n}`,
  },
  adminTitle: 'لوحة الإدارة',
  adminBody:
    'لوحة الإدارة متاحة لمشرفي الجمعية لإدارة الحسابات والمحتوى. لم تُفتح بعد في هذا التثبيت، ويدير المشرفون الطلبات من لوحة تحكمهم حاليًا.',
  adminBack: 'العودة إلى لوحة تحكم المشرف',
};

export function useDashTexts(): Texts {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? en : ar;
}

export function dashTexts(lang: string): Texts {
  return lang === 'en' ? en : ar;
}
