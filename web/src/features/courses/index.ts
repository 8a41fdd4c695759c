export { ArchivePage, InstructorCoursesPage } from './routes/InstructorCoursesPage';
export { CourseEditorPage } from './routes/CourseEditorPage';
export { InstructorCoursePage, TrackStudentsPage } from './routes/TrackStudentsPage';
export { QueuePage, ReviewPage } from './routes/SupervisorPages';
export { CataloguePage, CoursePage } from './routes/CataloguePages';
export { LearnPage, MyCoursesPage } from './routes/StudentPages';
