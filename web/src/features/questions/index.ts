import '@/styles/threads.css';
export { InstructorQuestionsPage } from './routes/InstructorQuestionsPage';
export { StudentQuestionsPage } from './routes/StudentQuestionsPage';
