export { CourseAssessments, type LearnAssessmentsProps } from './components/CourseAssessments';
export { AssessmentEditorPage } from './routes/AssessmentEditorPage';
export { AssessmentsPage } from './routes/AssessmentsPage';
export { ResultPage } from './routes/ResultPage';
export { TakeAssessmentPage } from './routes/TakeAssessmentPage';
