export { AboutPlatformPage } from './routes/AboutPlatformPage';
export { AboutUsPage } from './routes/AboutUsPage';
export { HomePage } from './routes/HomePage';
export { AboutBraillePage, InstructionsPage, ReadBraillePage, WriteBraillePage } from './routes/InstructionsPages';
export { ContactUsPage, CoursesPage, NewsPage, NotFoundPage } from './routes/SimplePages';
