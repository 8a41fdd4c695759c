import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouteFocus } from '@/components/RouteFocus';
import { ActivatePage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage, SettingsPage } from '@/features/auth';
import { AssessmentEditorPage, AssessmentsPage, CourseAssessments, ResultPage, TakeAssessmentPage } from '@/features/assessments';
import { AdminPage, HelpPage, LandingPage } from '@/features/dashboard';
import { TranslatorPage } from '@/features/braille';
import { ProfilePage } from '@/features/profile';
import {
  AboutBraillePage,
  AboutPlatformPage,
  AboutUsPage,
  ContactUsPage,
  HomePage,
  InstructionsPage,
  NewsPage,
  NotFoundPage,
  ReadBraillePage,
  WriteBraillePage,
} from '@/features/public';
import { ContactPage, NotesPage } from '@/features/notes';
import { CertificatePage, IssuedCertificatesPage, RequestQueuePage, StudentCertificatesPage, VerifyPage } from '@/features/certificates';
import { InstructorQuestionsPage, StudentQuestionsPage } from '@/features/questions';
import {
  ArchivePage,
  CataloguePage,
  CourseEditorPage,
  CoursePage,
  InstructorCoursePage,
  InstructorCoursesPage,
  LearnPage,
  MyCoursesPage,
  QueuePage,
  ReviewPage,
  TrackStudentsPage,
} from '@/features/courses';
import { BareLayout } from './layouts/BareLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { PublicLayout } from './layouts/PublicLayout';

export const routes: RouteObject[] = [
  {
    // One RouteFocus for the whole app, so focus also moves when the layout changes (login → dashboard).
    element: (
      <>
        <Outlet />
        <RouteFocus />
      </>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about-platform', element: <AboutPlatformPage /> },
          { path: 'about-us', element: <AboutUsPage /> },
          { path: 'news', element: <NewsPage /> },
          { path: 'courses', element: <CataloguePage key="public" area="public" /> },
          { path: 'courses/:id', element: <CoursePage key="public" area="public" /> },
          { path: 'instructions', element: <InstructionsPage /> },
          { path: 'instructions/about-braille', element: <AboutBraillePage /> },
          { path: 'instructions/write-braille', element: <WriteBraillePage /> },
          { path: 'instructions/read-braille', element: <ReadBraillePage /> },
          { path: 'braille-translator', element: <TranslatorPage /> },
          { path: 'contact-us', element: <ContactUsPage /> },
          { path: 'certificates/verify', element: <VerifyPage /> },
          { path: 'certificates/verify/:code', element: <VerifyPage /> },
          { path: 'activate/:token', element: <ActivatePage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'admin', element: <AdminPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        path: 'student',
        element: <DashboardLayout area="student" />,
        children: [
          { index: true, element: <LandingPage type="student" /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'discover-courses', element: <CataloguePage key="student" area="student" /> },
          { path: 'discover-courses/:id', element: <CoursePage key="student" area="student" /> },
          { path: 'courses', element: <MyCoursesPage /> },
          { path: 'courses/answers/*', element: <ResultPage key="student" area="student" /> },
          { path: 'courses/:courseId/assessments/:assessmentId', element: <TakeAssessmentPage /> },
          // The learning page shows the course's assessments in place (composed here: features do not import each other).
          { path: 'courses/:courseId/*', element: <LearnPage assessments={CourseAssessments} /> },
          { path: 'braille-translator', element: <TranslatorPage /> },
          { path: 'certificates', element: <StudentCertificatesPage /> },
          { path: 'certificates/:code', element: <CertificatePage key="student" area="student" /> },
          { path: 'notes', element: <NotesPage /> },
          { path: 'questions', element: <StudentQuestionsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'instructor',
        element: <DashboardLayout area="instructor" />,
        children: [
          { index: true, element: <LandingPage type="instructor" /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'track-students', element: <TrackStudentsPage /> },
          { path: 'courses', element: <InstructorCoursesPage /> },
          { path: 'courses/:id', element: <InstructorCoursePage /> },
          { path: 'courses/:id/edit', element: <CourseEditorPage key="edit" /> },
          { path: 'assessments', element: <AssessmentsPage /> },
          { path: 'courses/create', element: <CourseEditorPage key="create" /> },
          { path: 'assessments/create', element: <AssessmentEditorPage key="create" /> },
          { path: 'assessments/:id/edit', element: <AssessmentEditorPage key="edit" /> },
          { path: 'assessments/results/:attemptId', element: <ResultPage key="instructor" area="instructor" /> },
          { path: 'archive', element: <ArchivePage /> },
          { path: 'notes', element: <NotesPage /> },
          { path: 'braille-translator', element: <TranslatorPage /> },
          { path: 'students-questions', element: <InstructorQuestionsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'supervisor',
        element: <DashboardLayout area="supervisor" />,
        children: [
          { index: true, element: <LandingPage type="supervisor" /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'accreditation', element: <QueuePage key="accreditation" kind="accreditation" /> },
          { path: 'accreditation/:requestId', element: <ReviewPage key="accreditation" kind="accreditation" /> },
          { path: 'stop', element: <QueuePage key="stop" kind="stop" /> },
          { path: 'stop/:requestId', element: <ReviewPage key="stop" kind="stop" /> },
          { path: 'certificate', element: <RequestQueuePage /> },
          { path: 'issued-certificates', element: <IssuedCertificatesPage /> },
          { path: 'issued-certificates/:code', element: <CertificatePage key="supervisor" area="supervisor" /> },
          { path: 'contact/instructor', element: <ContactPage key="instructor" type="instructor" /> },
          { path: 'contact/student', element: <ContactPage key="student" type="student" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
