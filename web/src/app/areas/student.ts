// The student dashboard's pages: one lazy chunk (pages shared with other areas split out by the bundler).
export { SettingsPage } from '@/features/auth/routes/SettingsPage';
export { CourseAssessments } from '@/features/assessments/components/CourseAssessments';
export { ResultPage } from '@/features/assessments/routes/ResultPage';
export { TakeAssessmentPage } from '@/features/assessments/routes/TakeAssessmentPage';
export { CataloguePage, CoursePage } from '@/features/courses/routes/CataloguePages';
export { LearnPage, MyCoursesPage } from '@/features/courses/routes/StudentPages';
export { HelpPage } from '@/features/dashboard/routes/HelpPage';
export { LandingPage } from '@/features/dashboard/routes/LandingPage';
export { NotesPage } from '@/features/notes/routes/NotesPage';
export { ContractionMasteryPage } from '@/features/practice/routes/ContractionMasteryPage';
export { MasteryMapPage } from '@/features/practice/routes/MasteryMapPage';
export { PracticePage } from '@/features/practice/routes/PracticePage';
export { ProfilePage } from '@/features/profile/routes/ProfilePage';
export { NotFoundPage } from '@/features/public/routes/SimplePages';
export { StudentQuestionsPage } from '@/features/questions/routes/StudentQuestionsPage';
