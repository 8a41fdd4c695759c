/** Courses as server state. */
import { useAppQuery } from '@/lib/query';
import { enrolledCourses } from './courses';

/** The student's enrolled courses with their progress. */
export const useEnrolledCourses = () => useAppQuery({ queryKey: ['courses', 'enrolled'], queryFn: enrolledCourses });
