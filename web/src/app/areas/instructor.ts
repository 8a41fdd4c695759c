// The instructor dashboard's pages except the two builders (their own chunks).
export { SettingsPage } from '@/features/auth/routes/SettingsPage';
export { AssessmentsPage } from '@/features/assessments/routes/AssessmentsPage';
export { ResultPage } from '@/features/assessments/routes/ResultPage';
export { ArchivePage, InstructorCoursesPage } from '@/features/courses/routes/InstructorCoursesPage';
export { InstructorCoursePage, TrackStudentsPage } from '@/features/courses/routes/TrackStudentsPage';
export { LandingPage } from '@/features/dashboard/routes/LandingPage';
export { NotesPage } from '@/features/notes/routes/NotesPage';
export { ConfusionMatrixPage } from '@/features/practice/routes/ConfusionMatrixPage';
export { ProfilePage } from '@/features/profile/routes/ProfilePage';
export { NotFoundPage } from '@/features/public/routes/SimplePages';
export { InstructorQuestionsPage } from '@/features/questions/routes/InstructorQuestionsPage';
