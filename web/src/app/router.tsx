import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouteFocus } from '@/components/RouteFocus';
import { RouteLoading } from '@/components/RouteLoading';
import { HomePage } from '@/features/public/routes/HomePage';
import { BareLayout } from './layouts/BareLayout';
import { adminRoute } from './routes/admin';
import { PublicLayout } from './layouts/PublicLayout';

/**
 * Only the shell, the public layout and the home page ship in the entry; every other page is a
 * lazy route. Chunks by area (app/areas/*): public pages, the signed-in shell, one per dashboard,
 * and the heavy pages on their own (builders, certificates, instructions, translator).
 */
function page<M>(load: () => Promise<M>, render: (m: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

const publicArea = () => import('./areas/public');
const student = () => import('./areas/student');
const instructor = () => import('./areas/instructor');
const supervisor = () => import('./areas/supervisor');
const certificates = () => import('./areas/certificates');
const instructions = () => import('@/features/public/routes/InstructionsPages');
const translator = () => import('@/features/braille/routes/TranslatorPage');
const courseBuilder = () => import('@/features/courses/routes/CourseEditorPage');
const assessmentBuilder = () => import('@/features/assessments/routes/AssessmentEditorPage');
const shell = () => import('./areas/shell');
const news = () => import('@/features/news/routes/NewsListPage');
const newsItem = () => import('@/features/news/routes/NewsDetailPage');
const contact = () => import('@/features/contact/routes/ContactPage');
// The home page ships in the entry; its latest-news section follows in its own chunk.
const LatestNews = lazy(() => import('@/features/news/components/LatestNews').then((m) => ({ default: m.LatestNews })));

export const routes: RouteObject[] = [
  {
    // One RouteFocus for the whole app, so focus also moves when the layout changes (login → dashboard).
    element: (
      <>
        <Outlet />
        <RouteLoading />
        <RouteFocus />
      </>
    ),
    hydrateFallbackElement: <RouteLoading initial />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage news={<Suspense fallback={null}><LatestNews /></Suspense>} /> },
          { path: 'about-platform', ...page(publicArea, (m) => <m.AboutPlatformPage />) },
          { path: 'about-us', ...page(publicArea, (m) => <m.AboutUsPage />) },
          { path: 'news', ...page(news, (m) => <m.NewsListPage />) },
          { path: 'news/:slug', ...page(newsItem, (m) => <m.NewsDetailPage />) },
          { path: 'courses', ...page(publicArea, (m) => <m.CataloguePage key="public" area="public" />) },
          { path: 'courses/:id', ...page(publicArea, (m) => <m.CoursePage key="public" area="public" />) },
          { path: 'instructions', ...page(instructions, (m) => <m.InstructionsPage />) },
          { path: 'instructions/about-braille', ...page(instructions, (m) => <m.AboutBraillePage />) },
          { path: 'instructions/write-braille', ...page(instructions, (m) => <m.WriteBraillePage />) },
          { path: 'instructions/read-braille', ...page(instructions, (m) => <m.ReadBraillePage />) },
          { path: 'instructions/contractions', ...page(instructions, (m) => <m.ContractionsPage />) },
          { path: 'braille-translator', ...page(translator, (m) => <m.TranslatorPage />) },
          { path: 'contact-us', ...page(contact, (m) => <m.ContactPage />) },
          { path: 'certificates/verify', ...page(certificates, (m) => <m.VerifyPage />) },
          { path: 'certificates/verify/:code', ...page(certificates, (m) => <m.VerifyPage />) },
          { path: 'activate/:token', ...page(publicArea, (m) => <m.ActivatePage />) },
          { path: 'forgot-password', ...page(publicArea, (m) => <m.ForgotPasswordPage />) },
          { path: 'reset-password/:token', ...page(publicArea, (m) => <m.ResetPasswordPage />) },
          { path: '*', ...page(publicArea, (m) => <m.NotFoundPage />) },
        ],
      },
      // The admin site (issue 15): its own layout and pages, loaded only when opened.
      adminRoute,
      {
        element: <BareLayout />,
        children: [
          { path: 'login', ...page(publicArea, (m) => <m.LoginPage />) },
          { path: 'register', ...page(publicArea, (m) => <m.RegisterPage />) },
        ],
      },
      {
        path: 'student',
        ...page(shell, (m) => <m.DashboardLayout area="student" />),
        children: [
          { index: true, ...page(student, (m) => <m.LandingPage type="student" />) },
          { path: 'profile', ...page(student, (m) => <m.ProfilePage />) },
          { path: 'settings', ...page(student, (m) => <m.SettingsPage />) },
          { path: 'help', ...page(student, (m) => <m.HelpPage />) },
          { path: 'discover-courses', ...page(student, (m) => <m.CataloguePage key="student" area="student" />) },
          { path: 'discover-courses/:id', ...page(student, (m) => <m.CoursePage key="student" area="student" />) },
          { path: 'courses', ...page(student, (m) => <m.MyCoursesPage />) },
          { path: 'practice', ...page(student, (m) => <m.PracticePage />) },
          { path: 'practice/map', ...page(student, (m) => <m.MasteryMapPage />) },
          { path: 'practice/contractions', ...page(student, (m) => <m.ContractionMasteryPage />) },
          { path: 'courses/answers/*', ...page(student, (m) => <m.ResultPage key="student" area="student" />) },
          { path: 'courses/:courseId/assessments/:assessmentId', ...page(student, (m) => <m.TakeAssessmentPage />) },
          // The learning page shows the course's assessments in place (composed here: features do not import each other).
          { path: 'courses/:courseId/*', ...page(student, (m) => <m.LearnPage assessments={m.CourseAssessments} />) },
          { path: 'braille-translator', ...page(translator, (m) => <m.TranslatorPage />) },
          { path: 'certificates', ...page(certificates, (m) => <m.StudentCertificatesPage />) },
          { path: 'certificates/:code', ...page(certificates, (m) => <m.CertificatePage key="student" area="student" />) },
          { path: 'notes', ...page(student, (m) => <m.NotesPage />) },
          { path: 'questions', ...page(student, (m) => <m.StudentQuestionsPage />) },
          { path: '*', ...page(student, (m) => <m.NotFoundPage />) },
        ],
      },
      {
        path: 'instructor',
        ...page(shell, (m) => <m.DashboardLayout area="instructor" />),
        children: [
          { index: true, ...page(instructor, (m) => <m.LandingPage type="instructor" />) },
          { path: 'profile', ...page(instructor, (m) => <m.ProfilePage />) },
          { path: 'settings', ...page(instructor, (m) => <m.SettingsPage />) },
          { path: 'track-students', ...page(instructor, (m) => <m.TrackStudentsPage />) },
          { path: 'confusions', ...page(instructor, (m) => <m.ConfusionMatrixPage />) },
          { path: 'courses', ...page(instructor, (m) => <m.InstructorCoursesPage />) },
          { path: 'courses/:id', ...page(instructor, (m) => <m.InstructorCoursePage />) },
          { path: 'courses/:id/edit', ...page(courseBuilder, (m) => <m.CourseEditorPage key="edit" />) },
          { path: 'assessments', ...page(instructor, (m) => <m.AssessmentsPage />) },
          { path: 'courses/create', ...page(courseBuilder, (m) => <m.CourseEditorPage key="create" />) },
          { path: 'assessments/create', ...page(assessmentBuilder, (m) => <m.AssessmentEditorPage key="create" />) },
          { path: 'assessments/:id/edit', ...page(assessmentBuilder, (m) => <m.AssessmentEditorPage key="edit" />) },
          { path: 'assessments/results/:attemptId', ...page(instructor, (m) => <m.ResultPage key="instructor" area="instructor" />) },
          { path: 'archive', ...page(instructor, (m) => <m.ArchivePage />) },
          { path: 'notes', ...page(instructor, (m) => <m.NotesPage />) },
          { path: 'braille-translator', ...page(translator, (m) => <m.TranslatorPage />) },
          { path: 'students-questions', ...page(instructor, (m) => <m.InstructorQuestionsPage />) },
          { path: '*', ...page(instructor, (m) => <m.NotFoundPage />) },
        ],
      },
      {
        path: 'supervisor',
        ...page(shell, (m) => <m.DashboardLayout area="supervisor" />),
        children: [
          { index: true, ...page(supervisor, (m) => <m.LandingPage type="supervisor" />) },
          { path: 'profile', ...page(supervisor, (m) => <m.ProfilePage />) },
          { path: 'settings', ...page(supervisor, (m) => <m.SettingsPage />) },
          { path: 'accreditation', ...page(supervisor, (m) => <m.QueuePage key="accreditation" kind="accreditation" />) },
          { path: 'accreditation/:requestId', ...page(supervisor, (m) => <m.ReviewPage key="accreditation" kind="accreditation" />) },
          { path: 'stop', ...page(supervisor, (m) => <m.QueuePage key="stop" kind="stop" />) },
          { path: 'stop/:requestId', ...page(supervisor, (m) => <m.ReviewPage key="stop" kind="stop" />) },
          { path: 'certificate', ...page(certificates, (m) => <m.RequestQueuePage />) },
          { path: 'issued-certificates', ...page(certificates, (m) => <m.IssuedCertificatesPage />) },
          { path: 'issued-certificates/:code', ...page(certificates, (m) => <m.CertificatePage key="supervisor" area="supervisor" />) },
          { path: 'contact/instructor', ...page(supervisor, (m) => <m.ContactPage key="instructor" type="instructor" />) },
          { path: 'contact/student', ...page(supervisor, (m) => <m.ContactPage key="student" type="student" />) },
          { path: '*', ...page(supervisor, (m) => <m.NotFoundPage />) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
