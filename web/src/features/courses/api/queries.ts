/**
 * Courses as server state. Live events change these queries in one place (below):
 * `request.decided` re-reads the instructor's courses, `assessment.submitted` the tracked students.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { enrolledCourses, getCourse, myCourses, trackStudents, type CourseSummary } from './courses';

/** The student's enrolled courses with their progress. */
export const useEnrolledCourses = () => useAppQuery({ queryKey: ['courses', 'enrolled'], queryFn: enrolledCourses });

export const myCoursesKey = ['courses', 'mine'] as const;

/** The instructor's own courses (the courses page and the archive both read it). */
export const useMyCourses = () => useAppQuery({ queryKey: myCoursesKey, queryFn: myCourses });

/** A change this tab made to one of the instructor's courses (the server's record), into the list. */
export const myCourseChanged = (course: Partial<CourseSummary> & { id: number }) =>
  queryClient.setQueryData<CourseSummary[]>(myCoursesKey, (list) => list?.map((x) => (x.id === course.id ? { ...x, ...course } : x)));

/** Re-reads the instructor's courses (after a failed change: show them as they are now). */
export const refreshMyCourses = () => refetchFresh(myCoursesKey);

const trackKey = ['courses', 'track'] as const;

/** Per course, each enrolled student's progress and attempts (the instructor's tracking page). */
export const useTrackedStudents = () => useAppQuery({ queryKey: trackKey, queryFn: trackStudents });

/** One course in full; a new id keeps the previous course on screen until it arrives. */
export const useCourse = (id: string) => useAppQuery({ queryKey: ['courses', 'one', id], queryFn: () => getCourse(id), placeholderData: keepPreviousData });

// A supervisor decided on one of the instructor's requests: the course's status changed.
onLive(['request.decided'], () => void refetchFresh(myCoursesKey));

// A student submitted an assessment: attempts and progress changed.
onLive(['assessment.submitted'], () => void refetchFresh(trackKey));
