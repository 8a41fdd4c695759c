/**
 * Assessments as server state: the instructor's assessments, a course's assessments for the
 * learner, and an attempt's result. `assessment.submitted` re-reads the instructor's list (below).
 */
import { onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import type { Code } from '@/components/braille/cells';
import { courseAssessments, courseOutline, getAssessment, getResult, listMine, similarCells, type AssessmentSummary } from './assessments';

const mineKey = ['assessments', 'mine'] as const;

/** The instructor's assessments, course by course, with their attempt counts. */
export const useMyAssessments = () => useAppQuery({ queryKey: mineKey, queryFn: () => listMine() });

/** An assessment this tab deleted, out of the list. */
export const assessmentDeleted = (id: number) => queryClient.setQueryData<AssessmentSummary[]>(mineKey, (list) => list?.filter((a) => a.id !== id));

// Attempt counts follow the students' submissions live.
onLive(['assessment.submitted'], () => void refetchFresh(mineKey));

/** The assessments of a course with the learner's standing in each. */
export const useCourseAssessments = (courseId: number) => useAppQuery({ queryKey: ['assessments', 'course', courseId], queryFn: () => courseAssessments(courseId) });

/**
 * An attempt's result; for a student also the course outline and the assessment (for the way
 * back and "try again"). Those two come after the result's authenticated call, so a token
 * refreshed by it serves them; either may be missing without failing the page.
 */
export const useAttemptResult = (id: number | null, area: 'student' | 'instructor') =>
  useAppQuery({
    queryKey: ['assessments', 'result', id, area],
    enabled: id !== null,
    queryFn: async () => {
      const result = await getResult(id ?? 0);
      if (area !== 'student') return { result, outline: null, assessment: null };
      const [outline, assessment] = await Promise.all([
        courseOutline(result.assessment.course_id).catch(() => null),
        getAssessment(result.assessment.id).catch(() => null),
      ]);
      return { result, outline, assessment };
    },
  });

/** The engine's proposed look-alike groups for a letter (the builder's "similar cells"); fixed for a letter and size. */
export const useSimilarCells = (letter: string, code: Code, size: number) =>
  useAppQuery({ queryKey: ['assessments', 'similar', code, letter, size], queryFn: () => similarCells(letter, code, size), enabled: letter !== '', staleTime: Infinity });
